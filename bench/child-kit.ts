/**
 * A benchmark's helper process: a `.ts` file of this folder forked under tsx with an IPC
 * channel, whose messages are read one at a time by type (the crash players, the fan-out
 * clients). A `failed` message rejects with the child's error.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface BenchChild {
  child: ChildProcess;
  /** The child's next message, which must be of `type`. */
  next(type: string): Promise<Record<string, unknown>>;
}

/** Forks `file` (relative to bench/); `label` names it in errors ("a player process"). */
export function benchChild(file: string, label: string): BenchChild {
  const child = fork(path.join(import.meta.dirname, file), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: Record<string, unknown>[] = [];
  const waiting: ((m: Record<string, unknown>) => void)[] = [];
  child.on('message', (m: Record<string, unknown>) => {
    const w = waiting.shift();
    if (w) w(m);
    else inbox.push(m);
  });
  return {
    child,
    async next(type) {
      const m =
        inbox.shift() ?? (await new Promise<Record<string, unknown>>((r) => waiting.push(r)));
      if (m.type === 'failed') throw new Error(`${label} failed: ${String(m.error)}`);
      if (m.type !== type) throw new Error(`expected ${type} from ${label}, got ${m.type}`);
      return m;
    },
  };
}
