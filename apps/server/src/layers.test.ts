import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseOptions } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';

let options: ICruiseOptions;
let tsConfig: ReturnType<typeof extractTSConfig>;

beforeAll(async () => {
  // The rules `npm run lint:layers` checks, read from the same file.
  options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.cjs'));
  tsConfig = extractTSConfig(join(root, options.tsConfig?.fileName ?? 'tsconfig.json'));
});

/**
 * Cruises `paths` (from the repository's root) with the repository's rules: each broken rule as `rule: from → to`.
 * `maxDepth: 1` looks only at what the files themselves import, which is all a probe needs and keeps it quick.
 */
async function violations(paths: string[], depth: Pick<ICruiseOptions, 'maxDepth'> = {}) {
  const { output } = await cruise(paths, { ...options, ...depth, baseDir: root }, {}, { tsConfig });
  if (typeof output === 'string') throw new Error('a cruise without an output type answers with its result');
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

let probes = 0;
/** A name no file of the code has, so a probe never overwrites one, nor another probe. */
const probeName = () => `layers-probe-${randomUUID().slice(0, 8)}-${++probes}`;
/** A probe file's path in `folder`. */
const at = (folder: string) => `${folder}/${probeName()}.ts`;
/** The source of a file importing each of `specifiers`. */
function importing(...specifiers: string[]) {
  const names = specifiers.map((_, i) => `t${i}`);
  const imports = specifiers.map((specifier, i) => `import * as ${names[i]} from '${specifier}';\n`).join('');
  return `${imports}export const probe = [${names.join(', ')}];\n`;
}
/** A stand-in for a file inside a module or feature (`x`), for a probe to import past that folder's front. */
const TARGET = 'export const x = 1;\n';
const nameOf = (path: string) => path.split('/').at(-1)!.replace(/\.ts$/, '');

/**
 * Writes `files` (paths from the repository's root → source) into the real folders, runs `check`, and removes them
 * (and `folders`) again whatever it found.
 */
async function withFiles<T>(files: Record<string, string>, check: () => Promise<T>, folders: string[] = []) {
  try {
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), source);
    }
    return await check();
  } finally {
    for (const path of Object.keys(files)) rmSync(join(root, path), { force: true });
    for (const folder of folders) rmSync(join(root, folder), { recursive: true, force: true });
  }
}

/**
 * The rules broken by `file` (importing what `source` imports) placed in its real folder, so that a relative import
 * means what it would in a real file there; `targets` are files written beside it for it to import.
 */
function probe(file: string, source: string, targets: Record<string, string> = {}) {
  return withFiles({ [file]: source, ...targets }, () => violations([file], { maxDepth: 1 }));
}

describe('server layers (.dependency-cruiser.cjs)', () => {
  it("refuses a module reaching past another module's index.ts, however many ../ it writes", async () => {
    const inner = at(`${SERVER}/modules/content`);
    for (const specifier of [`../../modules/content/${nameOf(inner)}`, `../content/${nameOf(inner)}`]) {
      const file = at(`${SERVER}/modules/admin`);
      expect(await probe(file, importing(specifier), { [inner]: TARGET })).toEqual([
        `server-module-through-index: ${file} → ${inner}`,
      ]);
    }
  });

  it('refuses a module importing the layer above it (the seed, app.ts)', async () => {
    const seed = at(`${SERVER}/modules/content`);
    expect(await probe(seed, importing('../../seed/demo'))).toEqual([
      `server-modules-below-app: ${seed} → ${SERVER}/seed/demo.ts`,
    ]);
    const app = at(`${SERVER}/modules/content`);
    expect(await probe(app, importing('../../app'))).toEqual([`server-modules-below-app: ${app} → ${SERVER}/app.ts`]);
  });

  it('refuses db/ importing platform/, and platform/ importing a module', async () => {
    const db = at(`${SERVER}/db`);
    expect(await probe(db, importing('../platform/errors'))).toEqual([
      `server-db-below-platform: ${db} → ${SERVER}/platform/errors.ts`,
    ]);
    const platform = at(`${SERVER}/platform`);
    expect(await probe(platform, importing('../modules/content'))).toEqual([
      `server-platform-below-modules: ${platform} → ${SERVER}/modules/content/index.ts`,
    ]);
  });

  it('lets a module use another through its index.ts, and platform/ use db/', async () => {
    expect(await probe(at(`${SERVER}/modules/admin`), importing('../content', '../../db/schema'))).toEqual([]);
    expect(await probe(at(`${SERVER}/platform`), importing('../db/schema'))).toEqual([]);
  });

  it('refuses two modules that use each other, even when no one file is on the loop', async () => {
    // Module a's routes use module b, whose service uses module a; neither index.ts imports anything.
    const a = `${SERVER}/modules/${probeName()}`;
    const b = `${SERVER}/modules/${probeName()}`;
    const loop = {
      [`${a}/index.ts`]: TARGET,
      [`${a}/a.routes.ts`]: importing(`../${nameOf(b)}`),
      [`${b}/index.ts`]: TARGET,
      [`${b}/b.service.ts`]: importing(`../${nameOf(a)}`),
    };
    expect(await withFiles(loop, () => violations([a, b]), [a, b])).toEqual(
      [`server-no-module-cycle: ${a} → ${b}`, `server-no-module-cycle: ${b} → ${a}`].sort(),
    );
    // A loop between two files of one module is that module's own affair.
    const inside = {
      [`${a}/index.ts`]: TARGET,
      [`${a}/a.routes.ts`]: importing(`../${nameOf(b)}`),
      [`${b}/index.ts`]: importing('./b.service'),
      [`${b}/b.service.ts`]: importing('./index'),
    };
    expect(await withFiles(inside, () => violations([a, b]), [a, b])).toEqual([]);
  });
});

describe('web layers (.dependency-cruiser.cjs)', () => {
  it('refuses a feature importing another feature, however many ../ it writes', async () => {
    const other = at(`${WEB}/features/dashboard`);
    for (const specifier of [`../../features/dashboard/${nameOf(other)}`, `../dashboard/${nameOf(other)}`]) {
      const file = at(`${WEB}/features/admin`);
      expect(await probe(file, importing(specifier), { [other]: TARGET })).toEqual([
        `web-feature-alone: ${file} → ${other}`,
      ]);
    }
  });

  it('refuses shared code importing a feature', async () => {
    const feature = at(`${WEB}/features/home`);
    const file = at(`${WEB}/components`);
    expect(await probe(file, importing(`../features/home/${nameOf(feature)}`), { [feature]: TARGET })).toEqual([
      `web-shared-below-features: ${file} → ${feature}`,
    ]);
  });

  it('lets a feature use its own files and shared code', async () => {
    const own = at(`${WEB}/features/admin`);
    const source = importing('../../components/not-found', `./${nameOf(own)}`);
    expect(await probe(at(`${WEB}/features/admin`), source, { [own]: TARGET })).toEqual([]);
  });
});

describe('the code as it is', () => {
  it('has no loop between server modules, keeps every layer rule and resolves every import', async () => {
    const found = await violations([SERVER, WEB, 'packages/contract/src']);
    expect(found.filter((v) => v.startsWith('server-no-module-cycle'))).toEqual([]);
    expect(found).toEqual([]);
  });
});
