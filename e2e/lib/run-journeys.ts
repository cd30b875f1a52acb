/**
 * Runs the journey files, two at a time by default (each file starts its own Dau and browser),
 * and runs a failing file once more before it fails the run — the same policy as the unit tests'
 * `--retry=1`. A timing flake on a loaded two-core machine should not hide a whole change; a real
 * defect fails twice. Every retried file is named at the end, so flakes stay visible and get
 * fixed. A file's output is printed in one piece when it ends, with its time.
 *
 * Every Dau a journey starts copies one migrated PGlite data folder made here first
 * (pglite-template.ts) instead of running initdb and the migrations itself.
 *
 *   node --import tsx lib/run-journeys.ts [journeys/x.test.ts …]   (default: every journey)
 *   E2E_RETRIES=0 turns the second try off; E2E_CONCURRENCY=1 runs one file at a time.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPgliteTemplate } from './pglite-template';
import { PGLITE_TEMPLATE_ENV } from './server';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const retries = Number(process.env.E2E_RETRIES ?? '1');
const concurrency = Math.max(1, Number(process.env.E2E_CONCURRENCY ?? '2'));
const requested = process.argv.slice(2);
const files =
  requested.length > 0
    ? requested
    : readdirSync(join(root, 'journeys'))
        .filter((name) => name.endsWith('.test.ts'))
        .sort()
        .map((name) => join('journeys', name));

function runFile(file: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-concurrency=1', file],
      { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(Buffer.concat(output));
      console.log(
        `# ${relative('journeys', file)}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds} s\n`,
      );
      resolve(code === 0);
    });
  });
}

const passedFirst: string[] = [];
const passedOnRetry: string[] = [];
const failed: string[] = [];
const started = Date.now();
const template = await createPgliteTemplate();
const env = { ...process.env, [PGLITE_TEMPLATE_ENV]: template };

async function runWithRetries(file: string): Promise<void> {
  const name = relative('journeys', file);
  if (await runFile(file, env)) {
    passedFirst.push(name);
    return;
  }
  let passed = false;
  for (let attempt = 1; attempt <= retries && !passed; attempt += 1) {
    console.log(`\n# ${name} failed; running it again (try ${attempt + 1})\n`);
    passed = await runFile(file, env);
  }
  (passed ? passedOnRetry : failed).push(name);
}

const queue = [...files];
try {
  await Promise.all(
    Array.from({ length: Math.min(concurrency, files.length) }, async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        await runWithRetries(file);
      }
    }),
  );
} finally {
  await fs.rm(template, { recursive: true, force: true });
}

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\n# journeys: ${files.length} files in ${minutes} min (${concurrency} at a time)`);
console.log(`#   passed: ${passedFirst.length}`);
if (passedOnRetry.length > 0) {
  console.log(`#   FLAKY (failed, then passed): ${passedOnRetry.join(', ')}`);
}
if (failed.length > 0) console.log(`#   FAILED: ${failed.join(', ')}`);
process.exitCode = failed.length > 0 ? 1 : 0;
