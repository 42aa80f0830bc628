import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the sandbox for the outbox crash test. Two ways to lose an adjustment's
 * round trip at a point the test chooses, with no timing involved:
 * - `hold: 'answer'` (default): the adjust request goes through at once, its answer is held back:
 *   the service applies the adjustment, and its acknowledgement never reaches the desk. What a
 *   crash between "sent" and "acknowledged" looks like from the service's side.
 * - `hold: 'request'`: the adjust request is held in the proxy, whole, and goes on to the service
 *   only when the test calls `releaseRequest()`: the request is still on its way when the desk
 *   dies, and reaches the service whenever the test says (after a restarted desk replayed it).
 */
export interface HoldingProxy {
  baseUrl: string;
  /** Resolves when an adjust request has gone through to the service ('answer'), or is held whole in the proxy ('request'). */
  adjustSent: Promise<void>;
  /**
   * `hold: 'request'` only: sends the held adjust request on to the service (on a connection of its
   * own, whatever became of the desk's) and resolves with the HTTP status of the service's answer.
   */
  releaseRequest(): Promise<number>;
  close(): Promise<void>;
}

const ADJUST_REQUEST = /^POST \/1\.0\/logistics\/stock\/[^/\s]+\/adjust /m;

/** True when `bytes` hold a whole HTTP request: the head and as many body bytes as Content-Length says. */
function isWholeRequest(bytes: Buffer): boolean {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) return false;
  const length = /^content-length:\s*(\d+)\s*$/im.exec(bytes.subarray(0, headEnd).toString('latin1'));
  return bytes.length >= headEnd + 4 + Number(length?.[1] ?? 0);
}

export async function startHoldingProxy(target: { port: number }, options: { hold?: 'answer' | 'request' } = {}): Promise<HoldingProxy> {
  const mode = options.hold ?? 'answer';
  let markSent: () => void = () => undefined;
  const adjustSent = new Promise<void>((resolve) => (markSent = resolve));
  const sockets = new Set<Socket>();
  let heldRequest: Buffer | null = null;
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, '127.0.0.1');
    sockets.add(client).add(upstream);
    let holdingAnswer = false;
    let holding: Buffer[] | null = null;
    client.on('data', (chunk: Buffer) => {
      if (holding) {
        holding.push(chunk);
      } else if (ADJUST_REQUEST.test(chunk.toString('latin1'))) {
        if (mode === 'request') {
          holding = [chunk];
        } else {
          holdingAnswer = true;
          upstream.write(chunk, () => markSent());
          return;
        }
      } else {
        upstream.write(chunk);
        return;
      }
      const whole = Buffer.concat(holding);
      if (heldRequest === null && isWholeRequest(whole)) {
        heldRequest = whole;
        markSent();
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!holdingAnswer) client.write(chunk);
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
    releaseRequest: () =>
      new Promise<number>((resolve, reject) => {
        if (heldRequest === null) {
          reject(new Error('proxy: no adjust request held'));
          return;
        }
        const upstream = connect(target.port, '127.0.0.1');
        sockets.add(upstream);
        let answer = '';
        upstream.on('data', (chunk: Buffer) => {
          answer += chunk.toString('latin1');
          const status = /^HTTP\/1\.1 (\d{3}) /.exec(answer);
          if (status) {
            upstream.destroy();
            resolve(Number(status[1]));
          }
        });
        upstream.on('error', reject);
        upstream.on('close', () => reject(new Error(`proxy: the service closed the connection without an answer (${answer.slice(0, 80)})`)));
        upstream.write(heldRequest);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
