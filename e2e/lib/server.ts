import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Names a migrated PGlite data folder (pglite-template.ts) that `startDau` copies into each
 * server's throw-away DATA_DIR; run-journeys.ts sets it for the journeys it starts.
 */
export const PGLITE_TEMPLATE_ENV = 'DAU_E2E_PGLITE_TEMPLATE';

export interface DauServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the built server (`npm run build` first) on a free port with a throw-away data
 * folder, and waits for /healthz (`timeoutMs`, 90 s by default). `root`: another checkout's build
 * (the Lighthouse bench's before-and-after run). Under run-journeys.ts the data folder starts as
 * a copy of a migrated PGlite folder (pglite-template.ts) instead of an empty one: this
 * checkout's own server on PGlite only, since the migrations are this checkout's.
 */
export async function startDau(
  env: Record<string, string> = {},
  { root = repoRoot, timeoutMs = 90_000 }: { root?: string; timeoutMs?: number } = {},
): Promise<DauServer> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dau-e2e-'));
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (template && root === repoRoot && !env.DATABASE_URL) {
    await fs.cp(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  }
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Dau exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Dau did not become healthy in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
