/**
 * One process of simulated High Flyer players for `crash-round.bench.ts` (started by it with
 * an IPC channel; not a bench of its own). Each player holds a Socket.IO connection in the crash
 * room and, every round, bets KSh 10 at a random moment of the betting window and cashes out by
 * hand at a random target 1.10–3.00× (when the plane gets there), unless the round's `crashed`
 * push came first: a player who has seen the plane crash does not press cash-out (the web app
 * takes the button away), so those are counted as withdrawn, not sent. A cash-out already sent
 * when the crash is pushed still counts, refusal and all. It records how long each cash-out took
 * to be acknowledged and which `CrashRound` pushes each socket received.
 *
 * The bench runs the players' hands (their HTTP bets and cash-outs) in a process apart from
 * their sockets by default (`role`): a thousand phones each read only their own pushes, while
 * one process holding a thousand sockets would make every cash-out's answer wait behind the
 * parsing of the other 999 players' list pushes, a delay no player has.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import type { CrashRound } from '../packages/contracts/src/casino/crash';
import { CRASH_PATHS } from '../packages/contracts/src/casino/crash';
import { elapsedToReach } from '../packages/domain/src/games/crash';

export interface PlayersStart {
  base: string;
  tokens: string[];
  /**
   * `both`: each player's socket and its bets and cash-outs in this process. `sockets`: the
   * players' sockets only (pushes counted, no bets). `hands`: every player's bets and cash-outs
   * (over HTTP with the player's cookie), driven by one connection of its own, not counted.
   */
  role: 'both' | 'sockets' | 'hands';
}

export interface PlayersResult {
  cashOutMs: number[];
  /**
   * Of the cash-outs taken (200), the two halves of the ack on the machine's one clock: sent →
   * the server's arrival time (`judgedAt`), and that → the answer read.
   */
  cashOutToServerMs: number[];
  cashOutInServerMs: number[];
  betMs: number[];
  /** Cash-outs not sent because the round's `crashed` push arrived before their moment. */
  cashOutsWithdrawn: number;
  /** Answers by status: `bet:200`, `cashout:409`, … (`…:error` when the request failed). */
  statuses: Record<string, number>;
  /** `roundId:phase` → how many of this process's sockets received that push. */
  received: Record<string, number>;
  connected: number;
  disconnects: number;
  /** This process between go and stop: its CPU (share of one core) and its event loop's delay. */
  cpuPercentOfOneCore: number;
  loopDelayMs: { p50: number; p99: number; max: number };
}

const send = process.send?.bind(process);
if (!send) throw new Error('crash-round-players runs as a child of crash-round.bench.ts');

let running = false;
const result: PlayersResult = {
  cashOutMs: [],
  cashOutToServerMs: [],
  cashOutInServerMs: [],
  betMs: [],
  cashOutsWithdrawn: 0,
  statuses: {},
  received: {},
  connected: 0,
  disconnects: 0,
  cpuPercentOfOneCore: 0,
  loopDelayMs: { p50: 0, p99: 0, max: 0 },
};
// A late timer here delays the bet or cash-out it sends, and a late read lengthens its ack.
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
let cpuAtGo = process.cpuUsage();
let goAt = 0;
const sockets: Socket[] = [];

function count(key: string): void {
  result.statuses[key] = (result.statuses[key] ?? 0) + 1;
}

async function post(
  base: string,
  token: string,
  route: string,
  body: object,
  kind: 'bet' | 'cashout',
): Promise<{ status: number; ms: number } | null> {
  const began = performance.now();
  try {
    const res = await fetch(`${base}/api/games${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `authBB=${token}` },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const ms = performance.now() - began;
    const judgedAt = /"judgedAt":"([^"]+)"/.exec(text)?.[1];
    if (kind === 'cashout' && res.status === 200 && judgedAt) {
      const sentAt = performance.timeOrigin + began;
      const arrived = Date.parse(judgedAt);
      result.cashOutToServerMs.push(arrived - sentAt);
      result.cashOutInServerMs.push(sentAt + ms - arrived);
    }
    // A refusal's reason (BETTING_CLOSED, ROUND_CRASHED, …) from the error envelope.
    const reason = res.status === 200 ? '' : (/\b[A-Z][A-Z_]{4,}\b/.exec(text)?.[0] ?? '');
    count(`${kind}:${res.status}${reason ? ` ${reason}` : ''}`);
    return { status: res.status, ms };
  } catch {
    count(`${kind}:error`);
    return null;
  }
}

/**
 * One player's hands: every round, a bet at a random moment of the betting window, then a
 * cash-out by hand at a random target, withdrawn if the crash is pushed first.
 */
function hands(base: string, token: string): (round: CrashRound) => void {
  let betRound = 0;
  let cashOut: { roundId: number; timer: NodeJS.Timeout } | null = null;
  return (round) => {
    if (!running) return;
    // The server's clock, as the round tells it (same machine; the offset is small anyway).
    const offset = Date.parse(round.serverTime) - Date.now();
    const takeoff = Date.parse(round.takeoffAt) - offset;
    if (round.phase === 'betting') {
      const window = Math.max(0, takeoff - Date.now() - 400);
      setTimeout(() => {
        if (!running) return;
        void post(
          base,
          token,
          CRASH_PATHS.bets,
          { roundId: round.roundId, slot: 1, stake: 10 },
          'bet',
        ).then((answer) => {
          if (answer) result.betMs.push(answer.ms);
          if (answer?.status === 200) betRound = round.roundId;
        });
      }, Math.random() * window);
    } else if (round.phase === 'crashed' && cashOut?.roundId === round.roundId) {
      clearTimeout(cashOut.timer);
      cashOut = null;
      result.cashOutsWithdrawn += 1;
    } else if (round.phase === 'flying' && betRound === round.roundId) {
      const target = 110 + Math.floor(Math.random() * 191);
      const at = takeoff + elapsedToReach(target);
      const roundId = round.roundId;
      const timer = setTimeout(
        () => {
          cashOut = null;
          void post(base, token, CRASH_PATHS.cashOut, { roundId, slot: 1 }, 'cashout').then(
            (answer) => {
              if (answer) result.cashOutMs.push(answer.ms);
            },
          );
        },
        Math.max(0, at - Date.now()),
      );
      cashOut = { roundId, timer };
    }
  };
}

/**
 * A Socket.IO connection in the crash room, signed in as `token`'s player, counting the round
 * pushes it receives (`counted`); `onRound` gets every round push.
 */
function connect(
  base: string,
  token: string,
  counted: boolean,
  onRound: ((round: CrashRound) => void) | null,
): Promise<void> {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: `authBB=${token}` },
    reconnection: true,
  });
  sockets.push(socket);
  socket.on('disconnect', () => (result.disconnects += 1));
  socket.on('CrashRound', (round: CrashRound) => {
    if (counted) {
      const key = `${round.roundId}:${round.phase}`;
      result.received[key] = (result.received[key] ?? 0) + 1;
    }
    onRound?.(round);
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      if (counted) result.connected += 1;
      // The hands' own connection asks for the data-saving room: it needs only the rounds.
      socket.emit('JoinCrash', { lite: !counted });
      resolve();
    });
    socket.once('connect_error', reject);
  });
}

process.on('message', (message: { type: string } & Partial<PlayersStart>) => {
  if (message.type === 'connect') {
    const { base, tokens, role } = message as PlayersStart & { type: string };
    void (async () => {
      if (role === 'hands') {
        // Every player's bets and cash-outs, driven by one connection's round pushes.
        const players = tokens.map((token) => hands(base, token));
        await connect(base, tokens[0]!, false, (round) => {
          for (const play of players) play(round);
        });
      } else {
        // Connect in batches, as a crowd arrives, not all in one tick.
        for (let i = 0; i < tokens.length; i += 100) {
          await Promise.all(
            tokens
              .slice(i, i + 100)
              .map((token) =>
                connect(base, token, true, role === 'both' ? hands(base, token) : null),
              ),
          );
        }
      }
      send({ type: 'ready', connected: result.connected });
    })().catch((error: unknown) => send({ type: 'failed', error: String(error) }));
  } else if (message.type === 'go') {
    running = true;
    cpuAtGo = process.cpuUsage();
    goAt = performance.now();
    loopDelay.enable();
  } else if (message.type === 'stop') {
    running = false;
    const cpu = process.cpuUsage(cpuAtGo);
    const elapsedMs = performance.now() - goAt;
    result.cpuPercentOfOneCore =
      Math.round(((cpu.user + cpu.system) / 1000 / elapsedMs) * 1000) / 10;
    loopDelay.disable();
    // The histogram counts the time between its 5 ms ticks: the delay is what exceeds one.
    const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - 5) * 10) / 10);
    result.loopDelayMs = {
      p50: ms(loopDelay.percentile(50)),
      p99: ms(loopDelay.percentile(99)),
      max: ms(loopDelay.max),
    };
    // In-flight requests settle; then the counts go back and the sockets close.
    setTimeout(() => {
      send({ type: 'result', result }, () => {
        for (const socket of sockets) socket.close();
        process.exit(0);
      });
    }, 2_000);
  }
});
send({ type: 'started' });
