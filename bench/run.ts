import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Runs every `*.bench.ts` in this folder, one after another (they share two cores). */
const dir = import.meta.dirname;
const files = (await readdir(dir)).filter((f) => f.endsWith('.bench.ts')).sort();
const only = process.argv[2];
for (const file of files) {
  if (only && !file.includes(only)) continue;
  process.stdout.write(`\n# ${file}\n`);
  await import(pathToFileURL(path.join(dir, file)).href);
}
