import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Vite's manifest entry for a source file. */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  dynamicImports?: string[];
}

export interface WebAssets {
  entry: string;
  /** Stylesheets to link; empty when `styles` carries them inline. */
  css: string[];
  preload: string[];
  /** The entry's whole stylesheet, inlined into every page's <head> so no request delays the first paint. */
  styles?: string;
  /**
   * For each lazily loaded module (by source path, or by name when it shares a chunk with static importers): the
   * chunks and stylesheets it adds to the entry's.
   */
  modules?: Record<string, { preload: string[]; css: string[] }>;
  /** The enhancers (by name: `suggest`, `map`): the script and stylesheets the start script loads on first use. */
  enhance?: Record<string, { js: string; css: string[]; preload: string[] }>;
}

/** The browser entry's source, among the build's entries (the enhancers are entries too). */
const ENTRY_SOURCE = 'src/entry-client.tsx';
/** An enhancer's source (`components/search/suggest-enhancer.ts`) and the name the start plan gives it (`suggest`). */
const ENHANCER = /\/([\w-]+)-enhancer\.ts$/;

/**
 * The browser entry, its stylesheet (read from disk to be inlined) and the chunks it imports (modulepreload), from
 * the client build's manifest; and per lazy route module the chunks a page that shows it preloads as well.
 */
export function readAssets(clientDir: string): WebAssets | null {
  const file = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = manifest[ENTRY_SOURCE] ? ENTRY_SOURCE : Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) return null;
  const entry = manifest[entryKey];

  /** The chunks and stylesheets `key` needs beyond those already in `seen`. */
  const closure = (key: string, seen: Set<string>) => {
    const files: string[] = [];
    const css: string[] = [];
    const walk = (k: string) => {
      const chunk = manifest[k];
      if (!chunk || seen.has(chunk.file)) return;
      seen.add(chunk.file);
      files.push(`/${chunk.file}`);
      for (const c of chunk.css ?? []) css.push(`/${c}`);
      for (const i of chunk.imports ?? []) walk(i);
    };
    walk(key);
    return { files, css };
  };

  const initial = closure(entryKey, new Set());
  const inEntry = new Set(initial.files.map((f) => f.slice(1)));
  const css = [...new Set(initial.css)];
  const modules: NonNullable<WebAssets['modules']> = {};
  // A lazily imported module is its own chunk under its source path, unless other chunks import it statically too:
  // then the bundler puts it in a shared chunk that has only its name ("detail-page").
  const lazy = new Set([
    ...(entry.dynamicImports ?? []),
    ...Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry),
  ]);
  for (const key of lazy) {
    const chunk = manifest[key];
    if (!chunk) continue;
    const { files, css: moduleCss } = closure(key, new Set(inEntry));
    modules[chunk.src ?? chunk.name ?? key] = { preload: files, css: moduleCss.filter((c) => !css.includes(c)) };
  }
  const enhance: NonNullable<WebAssets['enhance']> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const name = chunk.isEntry && key !== entryKey ? ENHANCER.exec(key)?.[1] : undefined;
    if (!name) continue;
    const { files, css: enhancerCss } = closure(key, new Set());
    enhance[name] = { js: files[0], css: enhancerCss, preload: files.slice(1) };
  }
  const styles = css.map((href) => readFileSync(join(clientDir, href)).toString('utf8')).join('\n');
  return {
    entry: `/${entry.file}`,
    css: [],
    preload: initial.files.slice(1),
    styles: styles || undefined,
    modules,
    enhance,
  };
}
