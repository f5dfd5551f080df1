import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const biome = join(root, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');

/**
 * Lints one file placed at `dir` inside the server's source tree (or at a path from the repository's root when it
 * starts with `/`), with the repository's Biome configuration.
 */
function lintAt(dir: string, source: string) {
  const parent = dir.startsWith('/') ? join(root, dir) : join(import.meta.dirname, dir);
  // A probe directly in the folder the rule is about, so relative paths mean what they would in a real file there.
  const folder = mkdtempSync(join(parent, 'layers-probe-'));
  const file = join(folder, '..', `${folder.split('/').at(-1)}.ts`);
  writeFileSync(file, source);
  try {
    return spawnSync(process.execPath, [biome, 'lint', '--max-diagnostics=5', file], { cwd: root, encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
    rmSync(file, { force: true });
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

  it('refuses a module reaching into another module past its index.ts, and lets it use the index', () => {
    const deep = lintAt(
      'modules/admin',
      "import { refreshVisibility } from '../content/visibility';\nexport const y = refreshVisibility;\n",
    );
    expect(deep.status).toBe(1);
    expect(deep.stdout + deep.stderr).toContain("only through that module's index.ts");
    const ok = lintAt(
      'modules/admin',
      "import { users } from '../../db/schema';\nimport { refreshVisibility } from '../content';\nexport const y = [users, refreshVisibility];\n",
    );
    expect(ok.stdout + ok.stderr).not.toContain('noRestrictedImports');
    expect(ok.status).toBe(0);
  });

  it('refuses a web feature importing another feature, and shared web code importing a feature', () => {
    const crossFeature = lintAt(
      '/apps/web/src/features/admin',
      "import { DashboardPage } from '../dashboard/dashboard-page';\nexport const y = DashboardPage;\n",
    );
    expect(crossFeature.status).toBe(1);
    expect(crossFeature.stdout + crossFeature.stderr).toContain('never another feature or the shell');
    const fromComponents = lintAt(
      '/apps/web/src/components',
      "import { HomePage } from '../features/home/home-page';\nexport const y = HomePage;\n",
    );
    expect(fromComponents.status).toBe(1);
    expect(fromComponents.stdout + fromComponents.stderr).toContain('they import no feature');
  });

  it('lets a web feature use its own files and shared code', () => {
    const ok = lintAt(
      '/apps/web/src/features/admin',
      "import { Button } from '../../components/ui/ui';\nimport { AdminPage } from './admin-page';\nexport const y = [Button, AdminPage];\n",
    );
    expect(ok.stdout + ok.stderr).not.toContain('noRestrictedImports');
    expect(ok.status).toBe(0);
  });
});
