import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * `npm start` as a newcomer runs it, on a machine where no Electron binary can be had: it says so
 * in one line, serves the app on the embedded demo, opens it in "the system's browser" (here a
 * stand-in that records the address it was given and stays up like a browser window), and Ctrl+C
 * stops everything it started. The real renderer at that address shows the scan screen.
 */
const root = join(import.meta.dirname, '../..');
const hasElectron = existsSync(join(root, 'node_modules/electron/path.txt'));

test('npm start without Electron opens the demo desk in a browser window, and Ctrl+C stops it all', async ({ page }) => {
  test.skip(hasElectron, 'An Electron binary is installed here, so npm start opens Electron (test/e2e/electron-smoke.spec.ts).');
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'desk-npm-start-'));
  const browser = join(dir, 'browser');
  writeFileSync(
    browser,
    `#!/bin/sh\ntrap 'echo stopped > "${dir}/stopped"; exit 0' TERM\necho "$@" > "${dir}/args"\nsleep 600 &\nwait\n`,
  );
  chmodSync(browser, 0o755);

  const start = spawn('npm', ['start'], {
    cwd: root,
    detached: true, // its own process group, like a terminal's foreground job
    env: { ...process.env, CHROMIUM_PATH: browser },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<string>((resolve) => start.on('exit', (code, signal) => resolve(`${code ?? signal}`)));
  try {
    createInterface({ input: start.stderr }).on('line', (line) => output.push(line));
    const lines = createInterface({ input: start.stdout });
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
    await expect.poll(args).toContain(`--app=${url}`);

    await page.goto(url);
    await expect(page.getByLabel('Scan or type a code')).toBeVisible();
    await expect(page.getByTestId('connectivity')).toHaveText(/Online/, { timeout: 30_000 });

    // Ctrl+C in a terminal: SIGINT to the foreground job (npm and the start script).
    process.kill(-start.pid!, 'SIGINT');
    expect(['0', 'SIGINT']).toContain(await exited);
    await expect.poll(() => existsSync(join(dir, 'stopped'))).toBe(true);
    await expect(fetch(url)).rejects.toThrow();
  } finally {
    if (start.exitCode === null && start.signalCode === null) process.kill(-start.pid!, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
