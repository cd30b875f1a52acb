import net from 'node:net';

export interface ByteProxy {
  /** The proxy's origin: open pages here to count what they receive. */
  url: string;
  /** Bytes sent from the server to the browser since the start or the last `reset`. */
  received(): number;
  reset(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a Dau server that counts the bytes the server sends: everything the
 * browser receives, whoever asked for it (the page, its service worker, its websocket) and
 * however it was compressed. Used to measure what a visit transfers (issue #18 item 5).
 */
export async function byteCountingProxy(target: string): Promise<ByteProxy> {
  const { hostname, port } = new URL(target);
  let received = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    upstream.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    received: () => received,
    reset: () => {
      received = 0;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
