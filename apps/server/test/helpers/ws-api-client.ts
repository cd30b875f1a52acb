import WebSocket from 'ws';
import type { WsServerFrame } from '@dau/contracts/websocket-api';

let pingIds = 0;

/**
 * A test client of the websocket API (`/api/ws`, decision 214) over the `ws` package: it keeps
 * every frame it received, so a test can wait for one and check which came before another.
 */
export class WsApiClient {
  readonly frames: WsServerFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as WsServerFrame);
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => {
        resolve({ code, reason: String(reason) });
        for (const wake of this.waiters) wake();
      }),
    );
  }

  /** Opens a connection; rejects with the HTTP status when the upgrade is refused. */
  static open(baseUrl: string, headers: Record<string, string> = {}): Promise<WsApiClient> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ws`, { headers });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new WsApiClient(socket)));
      socket.once('unexpected-response', (_req, res) => {
        reject(new Error(`refused ${res.statusCode}`));
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  send(frame: object | string | Buffer): void {
    this.socket.send(
      typeof frame === 'object' && !Buffer.isBuffer(frame) ? JSON.stringify(frame) : frame,
    );
  }

  /** The first frame received (now or later) that matches. */
  waitFor<F extends WsServerFrame = WsServerFrame>(
    match: (frame: WsServerFrame) => boolean,
    timeoutMs = 3000,
  ): Promise<F> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.frames.find(match);
        if (found || this.socket.readyState === WebSocket.CLOSED) {
          clearTimeout(timer);
          this.waiters.delete(check);
          if (found) resolve(found as F);
          else reject(new Error(`closed before the frame came: ${JSON.stringify(this.frames)}`));
        }
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no such frame in ${JSON.stringify(this.frames)}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  /** Sends a frame with `id` and resolves with the server's answer to it. */
  async request(frame: Record<string, unknown> & { type: string }): Promise<WsServerFrame> {
    const id = `${frame.type}-${(pingIds += 1)}`;
    this.send({ ...frame, id });
    return this.waitFor((f) => 'id' in f && f.id === id);
  }

  /**
   * A ping's round trip: every frame the server wrote before it answered is in `frames` after,
   * so a test can assert that a push was not sent without waiting for a time.
   */
  async roundTrip(): Promise<void> {
    await this.request({ type: 'ping' });
  }

  pushes(event: string): Extract<WsServerFrame, { type: 'push' }>[] {
    return this.frames.filter(
      (f): f is Extract<WsServerFrame, { type: 'push' }> => f.type === 'push' && f.event === event,
    );
  }

  async init(siteId = 2): Promise<void> {
    const ready = await this.request({ type: 'init', siteId, platform: 2, language: 'en' });
    if (ready.type !== 'ready') throw new Error(`init answered ${JSON.stringify(ready)}`);
  }

  close(): void {
    this.socket.terminate();
  }
}
