#!/usr/bin/env node
// Builds the web app when its bundles are missing or older than any source they come from (DESIGN §1: npm start).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = [
  join(root, 'apps/web/dist/client/.vite/manifest.json'),
  join(root, 'apps/web/dist/server/entry-server.js'),
];
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/lingui.config.ts',
  'apps/web/package.json',
  'packages/contract/src',
];

function newest(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const s = statSync(full);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((e) => newest(join(path, e))));
}

const oldestBuild = Math.min(...built.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
if (oldestBuild > Math.max(...sources.map(newest))) process.exit(0);
console.log('Building the web app…');
const r = spawnSync('npm', ['run', 'build', '-w', '@chaupal/web'], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
