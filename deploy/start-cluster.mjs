// `npm run start:cluster`: two Dau instances on one PostgreSQL and one Redis (docs/deployment.md).
// Instance A listens on CLUSTER_PORT_A (3001), B on CLUSTER_PORT_B (3002); put deploy/haproxy.cfg
// or deploy/nginx.conf in front of them. Ctrl-C stops both. Needs DATABASE_URL and REDIS_URL:
// the embedded PGlite cannot be shared between processes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(
    `start:cluster needs ${missing.join(' and ')}, e.g.\n` +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/dau REDIS_URL=redis://127.0.0.1:6379 npm run start:cluster',
  );
  process.exit(2);
}

const instances = [
  ['a', process.env.CLUSTER_PORT_A ?? '3001'],
  ['b', process.env.CLUSTER_PORT_B ?? '3002'],
];
const children = instances.map(([name, port]) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `dau-cluster-${name}-`));
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: port, DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  console.log(`instance ${name}: http://127.0.0.1:${port} (pid ${child.pid})`);
  child.on('exit', (code, signal) => {
    console.log(`instance ${name} ended (${signal ?? `exit ${code}`})`);
  });
  return child;
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// When one instance dies the other keeps serving (and takes over the leader's jobs); the
// cluster ends when both have.
await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
