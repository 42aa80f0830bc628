// PINs as scrypt hashes and the lockout after wrong ones, on a real SQLite file, with clocks the
// test moves: the wall clock jumped back or ahead must never end a lockout early.
import { afterAll, describe, expect, it } from 'vitest';
import { PinCheck } from '../../../src/main/approvals/pin-check';
import { openCache } from '../../../src/main/composition/open-cache';
import { hashPin, pinMatches } from '../../../src/main/workers';
import { DEFAULT_SUPERVISOR_RULES } from '../../../src/shared/ipc/approval-records';
import type { DeskError } from '../../../src/shared/ipc/result';
import { tempDir } from '../composition/support/temp-dir';

describe('a PIN is kept as a slow salted hash', () => {
  it('is not the PIN, differs per salt, and matches the PIN only', async () => {
    const [a, b] = [await hashPin('4711'), await hashPin('4711')];
    expect(a).not.toContain('4711');
    expect(a).toMatch(/^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await pinMatches('4711', a)).toBe(true);
    expect(await pinMatches('4712', a)).toBe(false);
    expect(await pinMatches('4711', 'plain-4711')).toBe(false);
  });
});

describe('wrong PINs lock the worker out', () => {
  const dir = tempDir('desk-pin-');
  const cache = openCache(dir.path);
  afterAll(() => {
    cache.close();
    dir.remove();
  });
  let wall = Date.parse('2026-03-02T10:00:00Z');
  let mono = 1_000;
  const clocks = { now: () => new Date(wall), monotonic: () => mono };
  const rules = { ...DEFAULT_SUPERVISOR_RULES, maxAttempts: 3, lockoutMinutes: 5 };

  async function supervisor(name: string) {
    const { workers } = cache.workers.add({ name });
    const id = workers.find((w) => w.name === name)!.id;
    cache.workers.setPinHash(id, await hashPin('2468'));
    return () => cache.workers.withPin({ id })!;
  }
  const refusal = async (check: PinCheck, who: Parameters<PinCheck['check']>[0], pin: string): Promise<DeskError | null> =>
    check.check(who, pin).then(
      () => null,
      (e: { error: DeskError }) => e.error,
    );

  it('counts wrong PINs, locks after the last one allowed, and a right PIN does not open it', async () => {
    const check = new PinCheck(cache.db, () => rules, clocks);
    const ana = await supervisor('Ana');
    expect(await refusal(check, ana(), '0000')).toMatchObject({ code: 'pin_refused', reason: 'wrong', params: { left: 2 } });
    expect(await refusal(check, ana(), '0000')).toMatchObject({ reason: 'wrong', params: { left: 1 } });
    expect(await refusal(check, ana(), '0000')).toMatchObject({ reason: 'locked', params: { minutes: 5 } });
    expect(await refusal(check, ana(), '2468')).toMatchObject({ reason: 'locked' });
    wall += 4 * 60_000;
    mono += 4 * 60_000;
    expect(await refusal(check, ana(), '2468')).toMatchObject({ reason: 'locked' });
    wall += 61_000;
    mono += 61_000;
    expect(await refusal(check, ana(), '2468')).toBeNull();
  });

  it('a right PIN clears the count of wrong ones', async () => {
    const check = new PinCheck(cache.db, () => rules, clocks);
    const ben = await supervisor('Ben');
    await refusal(check, ben(), '1111');
    await refusal(check, ben(), '1111');
    expect(await refusal(check, ben(), '2468')).toBeNull();
    expect(await refusal(check, ben(), '1111')).toMatchObject({ reason: 'wrong', params: { left: 2 } });
  });

  it('the wall clock set back or ahead does not shorten a lockout, nor does a restart', async () => {
    const check = new PinCheck(cache.db, () => rules, clocks);
    const cy = await supervisor('Cy');
    for (let i = 0; i < 3; i++) await refusal(check, cy(), '9999');
    // Set ahead an hour: the monotonic clock still says locked.
    wall += 60 * 60_000;
    expect(await refusal(check, cy(), '2468')).toMatchObject({ reason: 'locked' });
    // Set back two hours, and the desk restarted (a new check, the monotonic clock forgotten):
    // the stored start is after "now", so the lockout holds.
    wall -= 2 * 60 * 60_000;
    const restarted = new PinCheck(cache.db, () => rules, clocks);
    expect(await refusal(restarted, cy(), '2468')).toMatchObject({ reason: 'locked' });
    // Back in step and the minutes gone by on both clocks: open again.
    wall += 60 * 60_000 + 5 * 60_000;
    mono += 5 * 60_000;
    expect(await refusal(restarted, cy(), '2468')).toBeNull();
  });

  it('a worker without a PIN is refused as such', async () => {
    const check = new PinCheck(cache.db, () => rules, clocks);
    const { workers } = cache.workers.add({ name: 'Dee' });
    const dee = cache.workers.withPin({ id: workers.find((w) => w.name === 'Dee')!.id })!;
    expect(await refusal(check, dee, '1234')).toMatchObject({ reason: 'no_pin' });
  });
});
