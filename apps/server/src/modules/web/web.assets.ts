import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Vite's manifest entry for a source file. */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export interface WebAssets {
  entry: string;
  css: string[];
  preload: string[];
}

/** The browser entry, its CSS and the chunks it imports (modulepreload), from the client build's manifest. */
export function readAssets(clientDir: string): WebAssets | null {
  const file = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk & { isEntry?: boolean }>;
  const entry = Object.values(manifest).find((c) => c.isEntry);
  if (!entry) return null;
  const css = new Set(entry.css ?? []);
  const preload = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preload.has(chunk.file)) return;
    preload.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) walk(i);
  };
  for (const i of entry.imports ?? []) walk(i);
  return { entry: `/${entry.file}`, css: [...css].map((c) => `/${c}`), preload: [...preload].map((p) => `/${p}`) };
}
