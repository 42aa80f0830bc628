import { afterEach, describe, expect, it } from 'vitest';
import { count, countCode, whenCountScansAnswered } from '../../../src/renderer/src/state/count.svelte';
import { notices } from '../../../src/renderer/src/state/notices.svelte';
import { createFakeDesk } from '../support/fake-desk';

// A worker's badge scanned while a count is open: main puts that worker at the desk and counts
// nothing; the count's card keeps its last counted item, the worker list is read again, and the
// desk says who is at it now.
describe('a badge scanned during a count', () => {
  let uninstall: () => void = () => {};
  afterEach(() => uninstall());

  it('says who is at the desk, reads the workers again, and leaves the last counted item on the card', async () => {
    const fake = createFakeDesk({ 'counts.scan': ({ code }) => ({ ok: true, value: { kind: 'worker', code, name: 'Sam', workerId: 'wkr_sam000000000', switched: true } }) });
    uninstall = fake.install();
    notices.list = [];
    const before = { kind: 'refused', code: 'X-1', reason: 'not_found', message: 'nothing' } as const;
    count.last = before;
    countCode('BADGE-0042');
    await whenCountScansAnswered();
    expect(count.last).toEqual(before);
    expect(notices.list.map((n) => [n.code, n.message])).toEqual([['worker_switched', 'Sam is at the desk now.']]);
    await expect.poll(() => fake.calls.some((c) => c.channel === 'workers.list')).toBe(true);
  });
});
