import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { OWN_PAGE_MODULES } from './kind-pages';
import { PAGE_MODULES } from './routes';

const client = join(import.meta.dirname, '..', 'dist', 'client');
const manifestFile = join(client, '.vite', 'manifest.json');

interface Chunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * What a public page's app loads when it starts: the entry and what it imports statically, plus the page's own route
 * module (preloaded by the server, resolved before hydration) and what that imports. Most of it is React DOM and React
 * Router; then the interface languages' core and English ids, the controls that work as HTML first (decision 023) and
 * the route table read from the registries of kinds and taxonomies (decision 028). The Hindi catalogues are not in
 * it: they load only for a page in Hindi (the last test). The largest page (a list) stands near 131,200 bytes; the
 * budget holds it with under 1 KB to spare, so a change that adds to every page's start must make room first (the
 * avatar menu's items, loaded on its first opening, were such room). docs/performance.md keeps the figures by date.
 */
const BUDGET_KB = 129;
/**
 * A kind's own pages (KIND_PAGES) carry what the shared pages do not: Events their schedule arithmetic (zones and
 * repeats, through Intl), their badge and date words and their catalogue (decision 028).
 */
const OWN_BUDGET_KB = 138;

const manifest = () => JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
/** The app's entry (the build's other entries are the enhancers, which the start script loads on first use). */
const entryKey = (m: Record<string, Chunk>) =>
  m['src/entry-client.tsx'] ? 'src/entry-client.tsx' : (Object.keys(m).find((k) => m[k].isEntry) as string);

/**
 * The manifest key of a page's route module: its source path, or (when other chunks import it statically too, so it
 * shares a chunk with them) the entry's dynamic import of that name; the same lookup as the server's readAssets.
 */
function pageKey(m: Record<string, Chunk>, page: string): string | undefined {
  const lazy = m[entryKey(m)].dynamicImports ?? [];
  const name = page.replace(/^.*\/|\.tsx?$/g, '');
  return lazy.find((k) => k === page) ?? lazy.find((k) => m[k]?.name === name);
}

/** The manifest keys a chunk pulls in statically, itself included. */
function reachable(m: Record<string, Chunk>, ...roots: string[]) {
  const keys = new Set<string>();
  const walk = (key: string) => {
    if (keys.has(key) || !m[key]) return;
    keys.add(key);
    for (const i of m[key].imports ?? []) walk(i);
  };
  for (const r of roots) walk(r);
  return keys;
}
const gzipped = (m: Record<string, Chunk>, keys: Set<string>) =>
  [...new Set([...keys].map((k) => m[k].file))].reduce(
    (sum, f) => sum + gzipSync(readFileSync(join(client, f))).length,
    0,
  );

describe.skipIf(!existsSync(manifestFile))('public bundle budget', () => {
  it(`keeps every public page's initial JavaScript under ${BUDGET_KB} KB gzipped`, () => {
    const m = manifest();
    const sizes = Object.fromEntries(
      PAGE_MODULES.map((page) => {
        const key = pageKey(m, page);
        expect(key, `${page} is loaded lazily`).toBeDefined();
        return [page, gzipped(m, reachable(m, entryKey(m), key as string))];
      }),
    );
    for (const [page, size] of Object.entries(sizes)) {
      const budget = OWN_PAGE_MODULES.includes(page) ? OWN_BUDGET_KB : BUDGET_KB;
      expect(size, `${page}: ${(size / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(budget * 1024);
    }
  });

  it('keeps the public pages out of the entry: each page loads only its own screen', () => {
    const m = manifest();
    const initial = reachable(m, entryKey(m));
    for (const page of PAGE_MODULES) expect(initial.has(pageKey(m, page) as string), page).toBe(false);
  });

  it('keeps zod (and so the contract’s schemas) out of the public pages', () => {
    const m = manifest();
    const pages = PAGE_MODULES.map((p) => pageKey(m, p) as string);
    const files = [...reachable(m, entryKey(m), ...pages)].map((k) => m[k].file);
    // A message of zod's core, in every bundle that carries zod.
    const zod = Object.values(m).filter((c) =>
      readFileSync(join(client, c.file), 'utf8').includes('Encountered Promise during synchronous parse'),
    );
    expect(zod.length, 'zod is somewhere in the build').toBeGreaterThan(0);
    for (const c of zod) expect(files, `${c.file} carries zod`).not.toContain(c.file);
  });

  it('loads the Hindi catalogues only when Hindi is chosen: no page or entry imports them statically', () => {
    const m = manifest();
    const initial = reachable(m, entryKey(m), ...PAGE_MODULES.map((p) => pageKey(m, p) as string));
    const chunks = Object.keys(m).filter((k) => k.startsWith('src/locales/hindi-'));
    expect(chunks.sort()).toEqual(['src/locales/hindi-account.ts', 'src/locales/hindi-public.ts']);
    for (const key of chunks) {
      expect(initial.has(key), `${key} is not in the initial JavaScript`).toBe(false);
      expect(m[entryKey(m)].dynamicImports, `${key} is imported lazily by the entry`).toContain(key);
    }
    // And no page carries a Hindi text of the catalogues (the switch's own name, हिन्दी, is the only Hindi there).
    const locales = join(import.meta.dirname, 'locales', 'hi');
    const hindi = readdirSync(locales).flatMap((f) =>
      Object.values(JSON.parse(readFileSync(join(locales, f), 'utf8')) as Record<string, string>).filter(
        (t) => !t.includes('{') && t.includes(' '),
      ),
    );
    for (const key of initial) {
      const code = readFileSync(join(client, m[key].file), 'utf8');
      const carried = hindi.filter((t) => code.includes(t));
      expect(carried, m[key].file).toEqual([]);
    }
  });

  it('keeps the dashboards, the admin console, account forms and development pages out of it (they load when used)', () => {
    const m = manifest();
    const initial = reachable(m, entryKey(m), ...PAGE_MODULES.map((p) => pageKey(m, p) as string));
    const lazy = [
      'src/features/dashboard/dashboard-page.tsx',
      'src/features/admin/admin-page.tsx',
      'src/features/account/auth-dialog.tsx',
      'src/features/account/profile-dialog.tsx',
      'src/features/dev/outbox-page.tsx',
    ];
    for (const key of lazy) {
      expect(m[key], `${key} is its own chunk`).toBeDefined();
      expect(initial.has(key), `${key} is not in the initial JavaScript`).toBe(false);
    }
  });

  it('keeps the enhancers apart from the app: loading one runs no app, and the suggestions stay small', () => {
    const m = manifest();
    for (const key of ['src/components/search/suggest-enhancer.ts', 'src/components/place/map-enhancer.ts']) {
      expect(m[key]?.isEntry, `${key} is an entry of its own`).toBe(true);
      expect(reachable(m, key).has(entryKey(m)), `${key} does not import the app`).toBe(false);
    }
    const suggest = [...reachable(m, 'src/components/search/suggest-enhancer.ts')].reduce(
      (n, k) => n + gzipSync(readFileSync(join(client, m[k].file))).length,
      0,
    );
    expect(suggest).toBeLessThan(3 * 1024);
  });
});
