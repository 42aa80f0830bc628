// The desk's log file: JSON lines in the data folder, cut at its size cap into a few older files
// (the oldest dropped), and never a secret, whatever a caller passes.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFileLog, LOG_FILE } from '../../../src/main/kernel/log-file';
import { tempDir } from '../composition/support/temp-dir';

const dirs: Array<{ remove(): void }> = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));
function folder(): string {
  const dir = tempDir('desk-log-');
  dirs.push(dir);
  return join(dir.path, 'logs');
}
const linesOf = (file: string): Array<Record<string, unknown>> =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('the log file', () => {
  it('writes one JSON line per call, private to the desk\'s user', () => {
    const dir = folder();
    const { log, close } = createFileLog(dir, { now: () => new Date('2026-11-27T10:00:00Z') });
    log('warn', 'sync failed', { code: 'timeout', requestId: 'req_1' });
    log('info', 'started');
    close();
    expect(linesOf(join(dir, LOG_FILE))).toEqual([
      { at: '2026-11-27T10:00:00.000Z', level: 'warn', message: 'sync failed', data: { code: 'timeout', requestId: 'req_1' } },
      { at: '2026-11-27T10:00:00.000Z', level: 'info', message: 'started' },
    ]);
    expect(statSync(join(dir, LOG_FILE)).mode & 0o077).toBe(0);
  });

  it('is cut at its cap: never more than the cap per file nor more files than kept, the newest lines last in desk.log', () => {
    const dir = folder();
    const { log, close } = createFileLog(dir, { maxBytes: 2_000, files: 3 });
    for (let i = 0; i < 500; i++) log('info', `line ${i}`, { i });
    close();
    const names = readdirSync(dir).sort();
    expect(names).toEqual(['desk.log', 'desk.log.1', 'desk.log.2', 'desk.log.3']);
    for (const name of names) expect(statSync(join(dir, name)).size).toBeLessThanOrEqual(2_000);
    const newest = linesOf(join(dir, LOG_FILE));
    expect(newest.at(-1)).toMatchObject({ message: 'line 499' });
    // In order across the files kept, with nothing lost between them, and the oldest dropped.
    const kept = ['desk.log.3', 'desk.log.2', 'desk.log.1', 'desk.log'].flatMap((n) => linesOf(join(dir, n)).map((l) => (l['data'] as { i: number }).i));
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, k) => 500 - kept.length + k));
    expect(kept[0]).toBeGreaterThan(0);
  });

  it('a reopened log appends and keeps counting toward its cap', () => {
    const dir = folder();
    const first = createFileLog(dir, { maxBytes: 1_000, files: 2 });
    for (let i = 0; i < 8; i++) first.log('info', `first ${i}`);
    first.close();
    const again = createFileLog(dir, { maxBytes: 1_000, files: 2 });
    for (let i = 0; i < 20; i++) again.log('info', `again ${i}`);
    again.close();
    for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).size).toBeLessThanOrEqual(1_000);
  });

  it('never writes a secret: values under a secret\'s name, bearer headers and passwords in addresses are redacted', () => {
    const dir = folder();
    const { log, close } = createFileLog(dir);
    log('error', 'request failed: Authorization: Bearer eyJhbGciOi.abc-123', {
      clientSecret: 'desk-secret-1',
      nested: { accessToken: 'tok_ABCDEF', url: 'https://user:pa55word@logistics.example.com/v1' },
      headers: { authorization: 'Basic ZGVzazpzZWNyZXQ=' },
      list: ['Bearer tok_XYZ'],
      approval: { pin: '246813', shippingAddress: 'Dock 4' },
    });
    close();
    const text = readFileSync(join(dir, LOG_FILE), 'utf8');
    for (const secret of ['eyJhbGciOi.abc-123', 'desk-secret-1', 'tok_ABCDEF', 'pa55word', 'ZGVzazpzZWNyZXQ=', 'tok_XYZ', '246813']) expect(text).not.toContain(secret);
    expect(text).toContain('logistics.example.com/v1');
    expect(text).toContain('Dock 4');
  });
});

/**
 * The file is written off the calling thread (libuv's pool): a line is queued and the call
 * returns. Order, the cap, a bounded backlog and a synchronous flush for the paths the process
 * ends on are what the window's thread may count on.
 */
describe('the log file written off the calling thread', () => {
  const numbers = (dir: string, names: string[]) => names.flatMap((n) => linesOf(join(dir, n)).filter((l) => l['data']).map((l) => (l['data'] as { i: number }).i));

  it('keeps the order of a burst of 10,000 lines, all of them, once the pool has written them', async () => {
    const dir = folder();
    const { log, close } = createFileLog(dir, { maxBytes: 10 * 1024 * 1024 });
    for (let i = 0; i < 10_000; i++) log('info', `burst ${i}`, { i });
    await vi.waitFor(() => expect(readFileSync(join(dir, LOG_FILE), 'utf8').split('\n').length).toBe(10_001));
    expect(numbers(dir, [LOG_FILE])).toEqual(Array.from({ length: 10_000 }, (_, k) => k));
    close();
  });

  it('keeps its cap and its order across the files while a burst is cut into them', async () => {
    const dir = folder();
    const { log, close } = createFileLog(dir, { maxBytes: 4_000, files: 3 });
    for (let i = 0; i < 10_000; i++) log('info', `burst ${i}`, { i });
    await vi.waitFor(() => expect(numbers(dir, [LOG_FILE]).at(-1)).toBe(9_999));
    const names = readdirSync(dir).sort();
    expect(names).toEqual(['desk.log', 'desk.log.1', 'desk.log.2', 'desk.log.3']);
    for (const name of names) expect(statSync(join(dir, name)).size).toBeLessThanOrEqual(4_000);
    const kept = numbers(dir, ['desk.log.3', 'desk.log.2', 'desk.log.1', 'desk.log']);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, k) => 10_000 - kept.length + k));
    close();
  });

  it('holds the last line once flushed, before the pool has had a turn', () => {
    const dir = folder();
    const { log, flush, close } = createFileLog(dir);
    for (let i = 0; i < 1_000; i++) log('info', `before a crash ${i}`, { i });
    log('error', 'the last words');
    flush();
    // Read at once: no turn of the event loop between the flush and the read.
    const lines = linesOf(join(dir, LOG_FILE));
    expect(lines.at(-1)).toMatchObject({ message: 'the last words' });
    expect(numbers(dir, [LOG_FILE])).toEqual(Array.from({ length: 1_000 }, (_, k) => k));
    close();
  });

  it('drops the oldest lines past its backlog, says how many where they were, and keeps the newest', () => {
    const dir = folder();
    const { log, close } = createFileLog(dir, { backlogBytes: 2_000 });
    for (let i = 0; i < 500; i++) log('info', `flood ${i}`, { i });
    close();
    const lines = linesOf(join(dir, LOG_FILE));
    const note = lines.findIndex((l) => /log lines dropped/.test(String(l['message'])));
    expect(note).toBeGreaterThan(0);
    const dropped = Number(/^(\d+)/.exec(String(lines[note]!['message']))?.[1]);
    const written = numbers(dir, [LOG_FILE]);
    // What was written before the note, the note's count, then the newest to the last: none twice, none unaccounted for.
    expect(written.length + dropped).toBe(500);
    expect(written.at(-1)).toBe(499);
    expect(written).toEqual([...written].sort((a, b) => a - b));
    expect(written.slice(note)).toEqual(Array.from({ length: written.length - note }, (_, k) => 500 - (written.length - note) + k));
    expect(readFileSync(join(dir, LOG_FILE)).length).toBeLessThan(2_000 + 1_000);
  });

  it('a folder that cannot be written costs the log, not the caller: said once on the console', async () => {
    const dir = folder();
    const blocker = join(dir, '..', 'not-a-folder');
    writeFileSync(blocker, '');
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { log, flush, close } = createFileLog(join(blocker, 'logs'));
      for (let i = 0; i < 100; i++) log('error', `nowhere ${i}`);
      flush();
      close();
      await new Promise((resolve) => setImmediate(resolve));
      expect(said).toHaveBeenCalledTimes(1);
      expect(String(said.mock.calls[0]?.[0])).toContain('cannot be written');
    } finally {
      said.mockRestore();
    }
  });
});
