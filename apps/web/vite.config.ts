import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { deferredEntry } from './scripts/deferred-entry-plugin';
import { homeChunk } from './scripts/home-chunk';
import { precompress } from './scripts/precompress-plugin';
import { pureReactRouter } from './scripts/pure-react-router';
import { serviceWorker } from './scripts/service-worker-plugin';

const server = 'http://localhost:3000';
const root = fileURLToPath(new URL('.', import.meta.url));
const home = homeChunk(root);

// `vite build --ssr src/entry-server.tsx`: the server's renderer (ADR 180), one file for Node
// in dist-ssr/; CSS modules give the same class names as the browser build. The packages are
// bundled in with React's production build, whatever NODE_ENV the server runs with (development
// React renders several times slower).
const ssrBuild = defineConfig({
  root,
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : browserBuild));

const browserBuild = defineConfig({
  root,
  plugins: [
    react(),
    pureReactRouter(),
    deferredEntry(),
    precompress(),
    home.plugin,
    serviceWorker(),
  ],
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
    // One stylesheet, linked from the page: server-rendered HTML is styled before any script
    // runs (ADR 180), and every page shares the cached file.
    cssCodeSplit: false,
    // The content of / in two chunks instead of ~15 small ones (scripts/home-chunk.ts, ADR 004).
    rolldownOptions: { output: { codeSplitting: { groups: [home.group] } } },
  },
  server: {
    proxy: {
      '/api/events/stream': { target: server, ws: true },
      '/api/uof/eventhub': { target: server, ws: true },
      '/api/ws': { target: server, ws: true },
      '/api': server,
      '/healthz': server,
      '/socket.io': { target: server, ws: true },
    },
  },
});
