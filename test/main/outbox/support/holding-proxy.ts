import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the sandbox that forwards requests at once but holds back the answer to
 * a stock adjustment: the service applies the adjustment, and its acknowledgement never reaches
 * the desk. What a crash between "sent" and "acknowledged" looks like from the service's side.
 */
export interface HoldingProxy {
  baseUrl: string;
  /** Resolves when an adjust request has gone through to the service. */
  adjustSent: Promise<void>;
  close(): Promise<void>;
}

/** `hold: false` forwards everything and only reports when the adjust request went through. */
export async function startHoldingProxy(target: { port: number }, options: { hold?: boolean } = {}): Promise<HoldingProxy> {
  const hold = options.hold ?? true;
  let markSent: () => void = () => undefined;
  const adjustSent = new Promise<void>((resolve) => (markSent = resolve));
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, '127.0.0.1');
    sockets.add(client).add(upstream);
    let holding = false;
    client.on('data', (chunk: Buffer) => {
      if (/^POST \/1\.0\/logistics\/stock\/[^/\s]+\/adjust /m.test(chunk.toString('latin1'))) {
        holding = hold;
        upstream.write(chunk, () => markSent());
      } else upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!holding) client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy: no address');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    adjustSent,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
