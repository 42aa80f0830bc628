import { describe, expect, it } from 'vitest';
import { handlersOf } from '../../../../src/main/kernel/ipc/declare-channels';
import { failure } from '../../../../src/shared/ipc/result';

// What a capability attaches where it declares a channel: a guard that refuses or answers first,
// and the journal line of the answer or of the failure; a channel with nothing attached is its handler.
describe('declared channels', () => {
  const workers = { kind: 'worker', code: 'B-1', name: 'Ana', workerId: 'wkr_aaaaaaaaaaaa', switched: true } as const;
  const found = { kind: 'not_found', code: 'X', searched: 'cache' } as const;

  it('lets the guard answer instead of the handler, and journals that answer', async () => {
    const lines: string[] = [];
    let looked = 0;
    const handlers = handlersOf(
      {
        'stock.lookup': {
          guard: ({ code }) => (code === 'B-1' ? workers : undefined),
          handle: () => (looked++, found),
          journal: (input, r) => `${input.code}:${r.kind}`,
        },
      },
      (line: string) => lines.push(line),
    );
    expect(await handlers['stock.lookup']({ code: 'B-1' })).toEqual(workers);
    expect(await handlers['stock.lookup']({ code: 'X' })).toEqual(found);
    expect(looked).toBe(1);
    expect(lines).toEqual(['B-1:worker', 'X:not_found']);
  });

  it('journals a refusal, by the guard or the handler, and throws it on unchanged', async () => {
    const lines: string[] = [];
    const refused = failure('not_signed_in', 'Sign in first.');
    const handlers = handlersOf(
      {
        'sync.now': { guard: () => { throw refused; }, handle: () => { throw new Error('not reached'); }, journalFailure: (_input, thrown) => `guard:${(thrown as typeof refused).error.code}` },
        'outbox.retry': { handle: () => { throw refused; }, journalFailure: ({ id }) => `retry:${id}` },
      },
      (line: string) => lines.push(line),
    );
    await expect(handlers['sync.now'](undefined)).rejects.toBe(refused);
    await expect(handlers['outbox.retry']({ id: 'ob_1' })).rejects.toBe(refused);
    expect(lines).toEqual(['guard:not_signed_in', 'retry:ob_1']);
  });

  it('leaves a channel with nothing attached as its handler, answering in the same turn', () => {
    const handle = () => ({ version: '1', demo: false, notices: [] });
    const handlers = handlersOf({ 'app.info': { handle } }, () => {
      throw new Error('nothing to journal');
    });
    expect(handlers['app.info']).toBe(handle);
  });
});
