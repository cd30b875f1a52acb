import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { homeChunk } from './scripts/home-chunk';
import { precompress } from './scripts/precompress-plugin';
import { pureReactRouter } from './scripts/pure-react-router';

const server = 'http://localhost:3000';
const root = fileURLToPath(new URL('.', import.meta.url));
const home = homeChunk(root);

export default defineConfig({
  root,
  plugins: [react(), pureReactRouter(), precompress(), home.plugin],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    // Cheap phones on slow links: no source maps shipped, small inline limit.
    sourcemap: false,
    assetsInlineLimit: 2048,
    // dist/.vite/manifest.json: the bundle budget check (scripts/check-bundle-budget.ts) reads
    // which chunks the first load of / pulls in.
    manifest: true,
    // Every browser we serve supports <link rel="modulepreload"> except Safari < 17 and
    // Firefox < 115, which then fetch those chunks on import instead: not worth 0.4 kB gzip
    // of polyfill in every first load (ADR 004).
    modulePreload: { polyfill: false },
    // The content of / in two chunks instead of ~15 small ones (scripts/home-chunk.ts, ADR 004).
    rolldownOptions: { output: { codeSplitting: { groups: [home.group] } } },
  },
  server: {
    proxy: {
      '/api': server,
      '/healthz': server,
      '/socket.io': { target: server, ws: true },
    },
  },
});
