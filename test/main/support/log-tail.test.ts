// The support file's log: the last lines across the current file and the one cut before it, in
// order, at most 2,000 lines and 1 MB; none when the desk never wrote a log.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOG_DIR, LOG_FILE } from '../../../src/main/kernel/log-file';
import { LOG_TAIL_BYTES, LOG_TAIL_LINES, logTail } from '../../../src/main/support/log-tail';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wd-log-tail-'));
  mkdirSync(join(dir, LOG_DIR));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lines = (from: number, to: number, pad = ''): string => Array.from({ length: to - from }, (_, i) => `{"n":${from + i}${pad}}\n`).join('');

describe('the log in the support file', () => {
  it('is the last 2,000 lines, the older file first', () => {
    writeFileSync(join(dir, LOG_DIR, `${LOG_FILE}.1`), lines(0, 1500));
    writeFileSync(join(dir, LOG_DIR, LOG_FILE), lines(1500, 2500));
    const tail = logTail(dir).split('\n').filter(Boolean);
    expect(tail).toHaveLength(LOG_TAIL_LINES);
    expect(tail[0]).toBe('{"n":500}');
    expect(tail.at(-1)).toBe('{"n":2499}');
  });

  it('stops at 1 MB of whole lines', () => {
    const pad = `,"x":"${'x'.repeat(1000)}"`;
    writeFileSync(join(dir, LOG_DIR, LOG_FILE), lines(0, 1500, pad));
    const tail = logTail(dir);
    expect(Buffer.byteLength(tail)).toBeLessThanOrEqual(LOG_TAIL_BYTES);
    expect(Buffer.byteLength(tail)).toBeGreaterThan(LOG_TAIL_BYTES - 2000);
    expect(tail.split('\n').filter(Boolean).at(-1)).toBe(`{"n":1499${pad}}`);
    expect(tail.startsWith('{"n":')).toBe(true);
  });

  it('is empty when there is no log', () => {
    rmSync(join(dir, LOG_DIR), { recursive: true });
    expect(logTail(dir)).toBe('');
  });
});
