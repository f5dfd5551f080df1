import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const client = join(import.meta.dirname, '..', 'dist', 'client');
const manifestFile = join(client, '.vite', 'manifest.json');

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Issue 4: a public route's initial JavaScript is at most 150 KB gzipped (the entry and what it imports statically). */
describe.skipIf(!existsSync(manifestFile))('public bundle budget', () => {
  it('keeps the initial JavaScript under 150 KB gzipped', () => {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
    const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry) as string;
    const files = new Set<string>();
    const walk = (key: string) => {
      const c = manifest[key];
      if (!c || files.has(c.file)) return;
      files.add(c.file);
      for (const i of c.imports ?? []) walk(i);
    };
    walk(entryKey);
    const gz = [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(client, f))).length, 0);
    expect(gz).toBeLessThanOrEqual(150 * 1024);
  });

  it('keeps the dashboards, the admin console, account forms and development pages out of it (they load when used)', () => {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
    const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry) as string;
    const reachable = new Set<string>();
    const walk = (key: string) => {
      if (reachable.has(key) || !manifest[key]) return;
      reachable.add(key);
      for (const i of manifest[key].imports ?? []) walk(i);
    };
    walk(entryKey);
    const lazy = [
      'src/features/dashboard/dashboard-page.tsx',
      'src/features/admin/admin-page.tsx',
      'src/features/account/auth-dialog.tsx',
      'src/features/account/profile-dialog.tsx',
      'src/features/dev/outbox-page.tsx',
    ];
    for (const key of lazy) {
      expect(manifest[key], `${key} is its own chunk`).toBeDefined();
      expect(reachable.has(key), `${key} is not in the initial JavaScript`).toBe(false);
    }
  });
});
