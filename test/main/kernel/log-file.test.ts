// The desk's log file: JSON lines in the data folder, cut at its size cap into a few older files
// (the oldest dropped), and never a secret, whatever a caller passes.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
    });
    close();
    const text = readFileSync(join(dir, LOG_FILE), 'utf8');
    for (const secret of ['eyJhbGciOi.abc-123', 'desk-secret-1', 'tok_ABCDEF', 'pa55word', 'ZGVzazpzZWNyZXQ=', 'tok_XYZ']) expect(text).not.toContain(secret);
    expect(text).toContain('logistics.example.com/v1');
  });
});
