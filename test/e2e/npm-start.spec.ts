import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { outIsCurrent } from '../../scripts/build-inputs.mjs';

/**
 * `npm start` as a newcomer runs it, on a machine where no Electron binary can be had: it says so
 * in one line, serves the app on the embedded demo, opens it in "the system's browser" (here a
 * stand-in that records its command line and stays up like a browser window), and Ctrl+C, or
 * closing the terminal, stops everything it started. The harness token is on no process's
 * command line (any user of the computer reads those): the browser is given a launcher page in
 * its private profile folder, which spends a one-time code; the real renderer it leads to shows
 * the scan screen, and the same code does not open the desk a second time.
 */
const root = join(import.meta.dirname, '../..');
const hasElectron = existsSync(join(root, 'node_modules/electron/path.txt'));
const mode = (path: string) => statSync(path).mode & 0o777;

interface Started {
  start: ChildProcess;
  dir: string;
  url: string;
  exited: Promise<string>;
  /** The stand-in browser's command line, once it has written it. */
  args(): string;
}

async function npmStart(): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'desk-npm-start-'));
  const browser = join(dir, 'browser');
  writeFileSync(browser, `#!/bin/sh\ntrap 'echo stopped > "${dir}/stopped"; exit 0' TERM\necho "$@" > "${dir}/args"\nsleep 600 &\nwait\n`);
  chmodSync(browser, 0o755);
  const start = spawn('npm', ['start'], {
    cwd: root,
    detached: true, // its own process group, like a terminal's foreground job
    env: { ...process.env, CHROMIUM_PATH: browser },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<string>((resolve) => start.on('exit', (code, signal) => resolve(`${code ?? signal}`)));
  createInterface({ input: start.stderr! }).on('line', (line) => output.push(line));
  const lines = createInterface({ input: start.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      output.push(line);
      const opened = /^Opening Warehouse Desk \(demo\) in (.+): (http:\/\/127\.0\.0\.1:\d+\/\S+)$/.exec(line);
      if (opened) resolve(opened[2]!);
    });
    void exited.then((code) => reject(new Error(`npm start exited (${code}):\n${output.join('\n')}`)));
  });
  expect(output.filter((line) => /no Electron binary/i.test(line))).toHaveLength(1);
  // The shell creates the file before it writes the line: wait for the line, not the file.
  const args = () => (existsSync(join(dir, 'args')) ? readFileSync(join(dir, 'args'), 'utf8') : '');
  await expect.poll(args).toMatch(/--app=\S+ .*\n$/);
  return { start, dir, url, exited, args };
}

/** After a failure: the harness and the browser lead groups of their own, so each goes by its id. */
function stopAll({ start, dir }: Started): void {
  if (start.exitCode === null && start.signalCode === null) {
    for (const pid of descendants(start.pid!)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
    process.kill(-start.pid!, 'SIGKILL');
  }
  rmSync(dir, { recursive: true, force: true });
}

/** Every process below `pid`, by the parent ids in /proc (the harness and the browser lead groups of their own). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of stat, after the command name in parentheses (which may hold spaces).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const walk = (parent: number): void => {
    for (const [child, ppid] of parents) {
      if (ppid !== parent) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}
const commandLine = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

test.describe('npm start without Electron', () => {
  test.skip(hasElectron, 'An Electron binary is installed here, so npm start opens Electron (test/e2e/electron-smoke.spec.ts).');
  // npm start would build out/ again, emptying it under the pages other spec files load from it.
  test.beforeAll(() => expect(outIsCurrent(), 'out/ is not the build of these sources: run `npm run build` first').toBe(true));

  test('opens the demo desk in a browser window, with no token on any command line, and Ctrl+C stops it all', async ({ page }) => {
    test.setTimeout(180_000);
    const started = await npmStart();
    try {
      const { start, url, exited } = started;
      const token = new URL(url).searchParams.get('token')!;
      expect(token).toMatch(/^[0-9a-f]{64}$/);

      // The browser got a file in its own profile folder: the folder 0700, the file 0600.
      const args = started.args();
      expect(args).toMatch(/^--app=file:\/\//);
      const launcherUrl = /--app=(file:\/\/\S+)/.exec(args)![1]!;
      const launcher = fileURLToPath(launcherUrl);
      const profile = /--user-data-dir=(\S+)/.exec(args)![1]!;
      expect(dirname(launcher)).toBe(profile);
      expect(mode(profile)).toBe(0o700);
      expect(mode(launcher)).toBe(0o600);
      expect(readFileSync(launcher, 'utf8')).not.toContain(token);

      // No command line holds the token: not the browser's, not the harness's, no process's at all.
      const children = descendants(start.pid!).map((pid) => ({ pid, cmdline: commandLine(pid) }));
      expect(children.some((c) => c.cmdline.includes('src/harness/cli.ts'))).toBe(true);
      expect(children.some((c) => c.cmdline.includes('--app=file://'))).toBe(true);
      expect(children.filter((c) => c.cmdline.includes(token))).toEqual([]);
      const everywhere = readdirSync('/proc').filter((e) => /^\d+$/.test(e) && commandLine(Number(e)).includes(token));
      expect(everywhere).toEqual([]);

      // The launcher opens the real renderer, through the one-time code.
      await page.goto(launcherUrl);
      await expect(page.getByLabel('Scan or type a code')).toBeVisible();
      await expect(page.getByTestId('connectivity')).toHaveText(/Online/, { timeout: 30_000 });
      expect(page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);

      // A replay of the code (another user who found the file later, say) opens nothing.
      const codeUrl = /url=(http:\/\/\S+?)"/.exec(readFileSync(launcher, 'utf8'))![1]!;
      const replay = await fetch(codeUrl, { redirect: 'manual' });
      expect(replay.status).toBe(401);
      expect(replay.headers.get('location')).toBeNull();

      // Ctrl+C in a terminal: SIGINT to the foreground job (npm and the start script).
      process.kill(-start.pid!, 'SIGINT');
      expect(['0', 'SIGINT']).toContain(await exited);
      await expect.poll(() => existsSync(join(started.dir, 'stopped'))).toBe(true);
      await expect(fetch(url)).rejects.toThrow();
      expect(existsSync(profile)).toBe(false);
    } finally {
      stopAll(started);
    }
  });

  test('closing the terminal (SIGHUP) stops the harness and the browser too', async () => {
    test.setTimeout(180_000);
    const started = await npmStart();
    let left: number[] = [];
    try {
      const { start, url, exited } = started;
      expect((await fetch(url)).status).toBe(200);
      left = descendants(start.pid!);
      // A closed terminal sends SIGHUP to its foreground job.
      process.kill(-start.pid!, 'SIGHUP');
      expect(['0', 'SIGHUP']).toContain(await exited);
      await expect.poll(() => existsSync(join(started.dir, 'stopped'))).toBe(true);
      await expect.poll(() => fetch(url).then(() => 'serving', () => 'stopped')).toBe('stopped');
    } finally {
      // What the start script left running when it failed to stop it.
      for (const pid of left) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Stopped, as it should be.
        }
      }
      stopAll(started);
    }
  });
});
