// `--data-dir` names a folder the desk did not make. Its mode is never changed: a folder that is
// missing is created private (0700), one that is this user's and closed to others is used as it
// is, and anything else (a shared /tmp-like folder, someone else's folder, a file) is refused with
// a reason before the desk writes a byte there. The desk's own folders (the app's, the harness's
// temporary one) are still made private as before (test/main/composition/data-dir-modes.test.ts).
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startHarness, type RunningHarness } from '../../src/harness/index';
import { DataDirRefused } from '../../src/main/kernel/private-files';
import { createKeytarStore } from '../../src/main/kernel/secrets';

const root = join(import.meta.dirname, '../..');
const parent = mkdtempSync(join(tmpdir(), 'harness-data-dir-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));
const mode = (path: string) => statSync(path).mode & 0o7777;
let n = 0;
const folder = (m: number): string => {
  const path = join(parent, `dir-${n++}`);
  mkdirSync(path);
  chmodSync(path, m);
  return path;
};

describe.skipIf(process.platform === 'win32')('startHarness({dataDir}) with a folder it did not make', () => {
  it.each([
    ['a shared folder like /tmp (1777)', 0o1777],
    ['a folder others may read (0755)', 0o755],
    ['a folder its group may enter (0750)', 0o750],
  ])('refuses %s, leaving its mode and contents alone', async (_what, m) => {
    const path = folder(m);
    const refused = await startHarness({ dataDir: path, secrets: createKeytarStore() }).catch((error: unknown) => error);
    if (!(refused instanceof Error)) await (refused as RunningHarness).close();
    expect(refused).toBeInstanceOf(DataDirRefused);
    expect(refused).toMatchObject({ code: 'data_dir_refused', reason: 'open_to_others', path });
    expect(mode(path)).toBe(m);
    expect(readdirSync(path)).toEqual([]);
  });

  it.skipIf(process.getuid?.() !== 0)("refuses another user's folder, even a private one", async () => {
    const path = folder(0o700);
    chownSync(path, 65534, 65534);
    await expect(startHarness({ dataDir: path, secrets: createKeytarStore() })).rejects.toMatchObject({ reason: 'not_yours' });
    expect(mode(path)).toBe(0o700);
    expect(statSync(path).uid).toBe(65534);
  });

  it('refuses a file', async () => {
    const path = join(parent, 'a-file');
    writeFileSync(path, 'x');
    await expect(startHarness({ dataDir: path, secrets: createKeytarStore() })).rejects.toMatchObject({ reason: 'not_a_folder' });
  });

  it('creates a missing folder 0700 (its parents too), leaving the existing parent alone, and keeps it after close', async () => {
    const open = folder(0o755);
    const path = join(open, 'desk', 'data');
    const harness = await startHarness({ dataDir: path, secrets: createKeytarStore() });
    try {
      expect(harness.dataDir).toBe(path);
      expect(mode(path)).toBe(0o700);
      expect(mode(join(open, 'desk'))).toBe(0o700);
      expect(mode(open)).toBe(0o755);
    } finally {
      await harness.close();
    }
    expect(readdirSync(path)).toContain('cache.sqlite');
  });

  it('uses a private folder of its user as it is, again on the next start', async () => {
    const path = folder(0o700);
    for (let run = 0; run < 2; run++) {
      const harness = await startHarness({ dataDir: path, secrets: createKeytarStore() });
      await harness.close();
      expect(mode(path)).toBe(0o700);
    }
  });
});

describe.skipIf(process.platform === 'win32')('npm run harness -- --data-dir', () => {
  it('refuses a shared folder in plain words, exit 2, its mode unchanged', async () => {
    const path = folder(0o1777);
    const { code, stderr, stdout } = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
      const child = execFile(process.execPath, ['--import', 'tsx', 'src/harness/cli.ts', '--data-dir', path], { cwd: root, timeout: 60_000 }, (_e, out, err) =>
        resolve({ code: child.exitCode, stdout: out, stderr: err }),
      );
    });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(path);
    expect(stderr).toMatch(/other users/);
    expect(stderr).not.toMatch(/\n\s+at /); // a sentence, not a stack trace
    expect(mode(path)).toBe(0o1777);
    expect(readdirSync(path)).toEqual([]);
  }, 60_000);
});
