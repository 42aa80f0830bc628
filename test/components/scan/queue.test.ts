import { describe, expect, it } from 'vitest';
import { ScanQueue } from '../../../src/renderer/src/scan/queue';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ScanQueue', () => {
  it('answers scans one at a time, in arrival order, none dropped', async () => {
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const queue = new ScanQueue<string>({
      handle: async (code) => {
        started.push(code);
        const gate = deferred();
        gates.set(code, gate);
        await gate.promise;
      },
    });
    queue.push('A');
    queue.push('B');
    queue.push('C');
    expect(started).toEqual(['A']);
    expect(queue.waiting).toBe(2);
    gates.get('A')!.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual(['A', 'B']);
    gates.get('B')!.resolve();
    await new Promise((r) => setTimeout(r, 0));
    gates.get('C')!.resolve();
    await queue.whenIdle();
    expect(started).toEqual(['A', 'B', 'C']);
    expect(queue.busy).toBe(false);
  });

  it('keeps going after a handler fails', async () => {
    const done: string[] = [];
    const queue = new ScanQueue<string>({
      handle: async (code) => {
        if (code === 'bad') throw new Error('boom');
        done.push(code);
      },
    });
    queue.push('bad');
    queue.push('good');
    await queue.whenIdle();
    expect(done).toEqual(['good']);
  });

  it('reports an absurd backlog instead of growing without end', async () => {
    const overflow: number[] = [];
    const gate = deferred();
    const queue = new ScanQueue<number>({ handle: () => gate.promise, maxWaiting: 3, onOverflow: (n) => overflow.push(n) });
    for (let i = 0; i < 6; i++) queue.push(i);
    expect(queue.waiting).toBe(3);
    expect(overflow).toEqual([4, 5]);
    gate.resolve();
    await queue.whenIdle();
  });
});
