import { createServer, type Server, type Socket } from 'node:net';

export interface FakePrinterFlags {
  paperOut: boolean;
  paused: boolean;
  headOpen: boolean;
}

/** A `~HS` answer as a Zebra sends it: three STX...ETX strings, CR LF after each. */
export function hostStatusAnswer(flags: FakePrinterFlags, formatsWaiting = 0): string {
  const b = (v: boolean) => (v ? '1' : '0');
  return (
    `\u0002030,${b(flags.paperOut)},${b(flags.paused)},1245,${String(formatsWaiting).padStart(3, '0')},0,0,0,000,0,0,0\u0003\r\n` +
    `\u0002001,0,${b(flags.headOpen)},0,0,2,4,0,00000000,1,000\u0003\r\n` +
    `\u00021234,0\u0003\r\n`
  );
}

/**
 * A network label printer on 127.0.0.1 for tests: records every byte it is sent (as UTF-8, the
 * way `^CI28` reads it), answers `~HS` with its flags, and can be switched off and on again on
 * the same port, as a printer at the dock is.
 */
export class FakeZplPrinter {
  flags: FakePrinterFlags = { paperOut: false, paused: false, headOpen: false };
  /** When true, it takes connections and never answers: a printer that hangs. */
  silent = false;
  /** When true, it answers `~HS` but holds a job's connection open without closing it: a printer stuck mid-job. */
  holdJobs = false;
  private bytes: Buffer[] = [];
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  port = 0;

  async start(): Promise<this> {
    // Half-open allowed: the fake, not Node, decides when it closes after the sender has ended.
    const server = createServer({ allowHalfOpen: true }, (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('data', (chunk) => {
        const text = chunk.toString('latin1');
        if (text.includes('~HS')) {
          if (!this.silent) socket.write(hostStatusAnswer(this.flags), 'latin1');
          const rest = text.replace('~HS', '');
          if (rest) this.bytes.push(Buffer.from(rest, 'latin1'));
          return;
        }
        this.bytes.push(chunk);
      });
      // A printer closes its side once the sender has ended: the sender knows it has everything.
      socket.on('end', () => {
        if (!this.holdJobs) socket.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('fake printer has no port');
    this.port = address.port;
    this.server = server;
    return this;
  }

  /** Everything received so far, as UTF-8. */
  received(): string {
    return Buffer.concat(this.bytes).toString('utf8');
  }

  /** Switched off: connections are refused until `start()` again on the same port. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
