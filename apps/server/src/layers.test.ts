import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const biome = join(root, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');

/** Lints one file placed at `dir` inside the server's source tree, with the repository's Biome configuration. */
function lintAt(dir: string, source: string) {
  const folder = mkdtempSync(join(import.meta.dirname, dir, 'layers-probe-'));
  const file = join(folder, 'probe.ts');
  writeFileSync(file, source);
  try {
    return spawnSync(process.execPath, [biome, 'lint', '--max-diagnostics=5', file], { cwd: root, encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Issue 13: the server's layers are enforced by the lint (biome.json `overrides`), not only drawn. */
describe('layer rules', () => {
  it('refuses a db/ file importing platform/ or a module, and a platform/ file importing a module or the seed', () => {
    const fromDb = lintAt('db', "import { x } from '../../platform/auth';\nexport const y = x;\n");
    expect(fromDb.status).toBe(1);
    expect(fromDb.stdout + fromDb.stderr).toContain('db/ is the bottom layer');
    const fromPlatform = lintAt(
      'platform',
      "import { seedDemo } from '../../seed/demo';\nexport const y = seedDemo;\n",
    );
    expect(fromPlatform.status).toBe(1);
    expect(fromPlatform.stdout + fromPlatform.stderr).toContain('platform/ serves modules/');
  });

  it('lets a platform/ file use db/ and a module use both', () => {
    const ok = lintAt('platform', "import { users } from '../../db/schema';\nexport const y = users;\n");
    expect(ok.stdout + ok.stderr).not.toContain('noRestrictedImports');
    expect(ok.status).toBe(0);
    const module = lintAt('modules', "import { users } from '../../db/schema';\nexport const y = users;\n");
    expect(module.status).toBe(0);
  });
});
