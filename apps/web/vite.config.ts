import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Two builds (DESIGN §2 "server rendering"): the browser bundle with a manifest the server reads to emit the entry
 * script, its CSS and module preloads; and the server bundle (`--ssr src/entry-server.tsx`) that renders pages.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    manifest: true,
    rollupOptions: { input: 'src/entry-client.tsx' },
  },
  ssr: { noExternal: ['@chaupal/contract'] },
});
