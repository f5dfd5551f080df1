import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|xml)$/;

/**
 * Writes `.br` and `.gz` beside every text asset of the browser build once, at the highest levels, so the server
 * sends them as they are (`preCompressed`) instead of compressing each response.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'chaupal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.ssr ? '' : resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!outDir) return;
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const file = join(dir, name);
          if (statSync(file).isDirectory()) {
            if (name !== '.vite') walk(file);
          } else if (COMPRESSIBLE.test(name) && statSync(file).size >= 1024) {
            const bytes = readFileSync(file);
            writeFileSync(
              `${file}.br`,
              brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
            writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
          }
        }
      };
      walk(outDir);
    },
  };
}

/** The small framework-free modules that work the public pages' controls before and without the app. */
const ENHANCERS = ['src/components/search/suggest-enhancer.ts', 'src/components/place/map-enhancer.ts'];

/**
 * React Router publishes its production build (no development warnings) beside the development one but its package
 * exports only the latter, whatever the mode: both builds here take the production files.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * Shared pieces most public pages draw with (cards, images, video facades) and the lazy import of a record's trust marks
 * and Report link (decision 016): part of the entry, like the shell.
 */
const WITH_ENTRY = /\/src\/components\/(grid|cards|image|video-facade|trust\/extras)\.tsx$/;

/**
 * The small components the public page modules share (cards of a list, places, breadcrumbs, filters, the pager, feed
 * links): one chunk beside the entry instead of a file each, so they are compressed together.
 */
const PAGE_PARTS = /\/src\/components\/(content\/(content-card|areas)|breadcrumbs|place\/place-slots)\.tsx?$/;
const LIST_PARTS = /\/src\/components\/(filters|feed-link|pager)\.tsx?$/;

/**
 * One chunk for everything a page needs before its own screen: the entry, what it imports statically (React, React
 * Router, TanStack Query, the shell) and WITH_ENTRY. Left to itself, the bundler splits what the entry shares with the
 * lazy pages into a chunk of its own and gives every small shared component a file: each file is compressed alone,
 * so a page paid ~1 KB gzipped more for the same code (bundle-size.test.ts).
 */
function entryChunk(
  id: string,
  ctx: { getModuleInfo(id: string): { importers: readonly string[] } | null },
): string | null {
  const seen = new Set<string>();
  const initial = (m: string): boolean => {
    if (m.endsWith('/src/entry-client.tsx')) return true;
    if (seen.has(m)) return false;
    seen.add(m);
    return (ctx.getModuleInfo(m)?.importers ?? []).some(initial);
  };
  // What an enhancer imports stays out of the entry's chunk: loading the enhancer must not start the app.
  const byEnhancer = (m: string, path = new Set<string>()): boolean => {
    if (ENHANCERS.some((e) => m.endsWith(`/${e}`))) return true;
    if (path.has(m)) return false;
    path.add(m);
    return (ctx.getModuleInfo(m)?.importers ?? []).some((i) => byEnhancer(i, path));
  };
  if (byEnhancer(id)) return null;
  if (WITH_ENTRY.test(id) || initial(id)) return 'entry-client';
  if (PAGE_PARTS.test(id)) return 'page-parts';
  return LIST_PARTS.test(id) ? 'list-parts' : null;
}

/**
 * Two builds (DESIGN §2 "server rendering"): the browser bundle with a manifest the server reads to emit the entry
 * script, its CSS and module preloads; and the server bundle (`--ssr src/entry-server.tsx`) that renders pages.
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    lingui({
      configPath: resolve(import.meta.dirname, 'lingui.config.ts'),
      failOnMissing: true,
      failOnCompileError: true,
    }),
    precompress(),
  ],
  // `npm run dev` keeps the development build and its warnings.
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  build: {
    outDir: 'dist/client',
    manifest: true,
    rollupOptions: {
      // The enhancers are entries of their own: the start script imports one the first time a control needs it,
      // before the app runs or without it (app/start-script.ts), so it must not import the app's entry chunk.
      input: ['src/entry-client.tsx', ...ENHANCERS],
      // An enhancer is imported for its `enhance`: the build keeps its entries' exports.
      preserveEntrySignatures: 'exports-only',
      output: isSsrBuild ? {} : { codeSplitting: { groups: [{ name: entryChunk }] } },
    },
  },
  ssr: { noExternal: ['@chaupal/contract', 'react-router'] },
}));
