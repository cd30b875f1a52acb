/**
 * Runs the journey files one after another (each file starts its own Dau), and runs a failing
 * file once more before it fails the run — the same policy as the unit tests' `--retry=1`. A
 * timing flake on a loaded two-core machine should not hide a whole change; a real defect fails
 * twice. Every retried file is named at the end, so flakes stay visible and get fixed.
 *
 *   node --import tsx lib/run-journeys.ts [journeys/x.test.ts …]   (default: every journey)
 *   E2E_RETRIES=0 turns the second try off.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const retries = Number(process.env.E2E_RETRIES ?? '1');
const requested = process.argv.slice(2);
const files =
  requested.length > 0
    ? requested
    : readdirSync(join(root, 'journeys'))
        .filter((name) => name.endsWith('.test.ts'))
        .sort()
        .map((name) => join('journeys', name));

function runFile(file: string): boolean {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=1', file],
    { cwd: root, stdio: 'inherit' },
  );
  return result.status === 0;
}

const passedFirst: string[] = [];
const passedOnRetry: string[] = [];
const failed: string[] = [];
const started = Date.now();

for (const file of files) {
  const name = relative('journeys', file);
  if (runFile(file)) {
    passedFirst.push(name);
    continue;
  }
  let passed = false;
  for (let attempt = 1; attempt <= retries && !passed; attempt += 1) {
    console.log(`\n# ${name} failed; running it again (try ${attempt + 1})\n`);
    passed = runFile(file);
  }
  (passed ? passedOnRetry : failed).push(name);
}

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\n# journeys: ${files.length} files in ${minutes} min`);
console.log(`#   passed: ${passedFirst.length}`);
if (passedOnRetry.length > 0) {
  console.log(`#   FLAKY (failed, then passed): ${passedOnRetry.join(', ')}`);
}
if (failed.length > 0) console.log(`#   FAILED: ${failed.join(', ')}`);
process.exitCode = failed.length > 0 ? 1 : 0;
