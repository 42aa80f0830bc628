import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** Bounds a start that would otherwise hang; a private cupsd is up in well under a second. */
const START_MS = 15_000;

/**
 * A private CUPS print server for tests: its own `cupsd -f` with every file in a temp dir and
 * listening only on a socket there, so it never sees or prints to the machine's own queues.
 * `lp` and `lpstat` reach it through `CUPS_SERVER` (set in this test process's environment,
 * which the desk's `lp` inherits). Everything is allowed without a password: only this process
 * can reach the socket's directory.
 */
export class CupsServer {
  private readonly dir = mkdtempSync(join(tmpdir(), 'cups-'));
  private daemon: ChildProcess | null = null;
  private log = '';
  readonly socket = join(this.dir, 'cups.sock');

  async start(): Promise<this> {
    for (const sub of ['spool', 'cache', 'state', 'tmp', 'log', 'ppd']) mkdirSync(join(this.dir, sub));
    const at = (sub: string) => join(this.dir, sub);
    writeFileSync(
      at('cups-files.conf'),
      [`ServerRoot ${this.dir}`, `RequestRoot ${at('spool')}`, `CacheDir ${at('cache')}`, `StateDir ${at('state')}`, `TempDir ${at('tmp')}`, `ErrorLog ${at('log/error_log')}`, `AccessLog ${at('log/access_log')}`, `PageLog ${at('log/page_log')}`, 'FileDevice No', 'Sandboxing Relaxed', ''].join('\n'),
    );
    writeFileSync(
      at('cupsd.conf'),
      [`Listen ${this.socket}`, 'LogLevel warn', 'Browsing No', 'DefaultShared No', 'WebInterface No', '<Location />', '  Order allow,deny', '  Allow all', '</Location>', '<Policy default>', '  <Limit All>', '    Order deny,allow', '  </Limit>', '</Policy>', ''].join('\n'),
    );
    const daemon = spawn('cupsd', ['-f', '-c', at('cupsd.conf'), '-s', at('cups-files.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.daemon = daemon;
    daemon.stdout.setEncoding('utf8').on('data', (chunk: string) => (this.log += chunk));
    daemon.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.log += chunk));
    const failed = new Promise<never>((_, reject) => {
      daemon.once('error', (error) => reject(new Error(`cupsd could not start (install cups: scripts/install-system-deps.sh): ${error.message}`)));
      daemon.once('exit', (code) => reject(new Error(`cupsd stopped at once (exit ${String(code)}): ${this.log}`)));
    });
    failed.catch(() => {});
    process.env.CUPS_SERVER = this.socket;
    const deadline = Date.now() + START_MS;
    // Up when it answers: `lpstat -r` says the scheduler is running.
    for (;;) {
      const up = await Promise.race([this.cups('lpstat', ['-r']).then((out) => !/not running/.test(out), () => false), failed]);
      if (up) return this;
      if (Date.now() > deadline) throw new Error(`cupsd did not answer within ${START_MS} ms: ${this.log}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Runs a CUPS program against this server; its output, or its error with what it said. */
  async cups(program: string, args: string[]): Promise<string> {
    const { stdout, stderr } = await exec(program, args, { env: { ...process.env, CUPS_SERVER: this.socket, LANG: 'C', LC_ALL: 'C' } });
    return stdout + stderr;
  }

  /** A raw queue (no driver, bytes passed through) to a network printer's port 9100-style socket. */
  async addRawQueue(name: string, port: number): Promise<void> {
    // CUPS 2.4 warns that raw queues are deprecated; they still pass the bytes through untouched.
    await this.cups('lpadmin', ['-p', name, '-E', '-v', `socket://127.0.0.1:${port}`, '-m', 'raw', '-o', 'printer-is-shared=false']);
  }

  /** What a worker or IT does at the system's printer list: stop the queue, start it again. */
  disable(name: string): Promise<string> {
    return this.cups('cupsdisable', [name]);
  }

  enable(name: string): Promise<string> {
    return this.cups('cupsenable', [name]);
  }

  async stop(): Promise<void> {
    const daemon = this.daemon;
    this.daemon = null;
    if (daemon && daemon.exitCode === null) {
      const exited = new Promise<void>((resolve) => daemon.once('exit', () => resolve()));
      daemon.kill('SIGTERM');
      await exited;
    }
    if (process.env.CUPS_SERVER === this.socket) delete process.env.CUPS_SERVER;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
