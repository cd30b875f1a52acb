// Bundles the server and the workspace packages it imports into dist/main.js (or the file given
// as the first argument, at the same depth under apps/server: the reliability suite builds its
// own). Third-party packages stay external and load from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@dau/'));

const outfile = process.argv[2] ?? 'dist/main.js';

await build({
  entryPoints: ['src/main.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`server built: apps/server/${outfile}`);
