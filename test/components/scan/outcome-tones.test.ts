// Which tone each scan outcome plays: found, not found and a failure each their own, so a worker
// who does not look at the screen still knows. Spied on the tone player, not on audio (the tones'
// own sound is tested in tones.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playTone } from '../../../src/renderer/src/scan/tones';
import { startScanSession, submitCode, whenScansAnswered, forgetScans } from '../../../src/renderer/src/scan/session.svelte';
import { createFakeDesk } from '../support/fake-desk';

vi.mock('../../../src/renderer/src/scan/tones', { spy: true });

describe('the tone of each scan outcome', () => {
  let uninstall: () => void;
  let stop: () => void;
  beforeEach(() => {
    const fake = createFakeDesk();
    const lookup = fake.handlers['stock.lookup']!;
    fake.handlers['stock.lookup'] = (input) =>
      input.code === 'BROKEN-1' ? { ok: false, error: { code: 'internal_error', message: 'The desk could not answer.' } } : lookup(input);
    uninstall = fake.install();
    stop = startScanSession();
    vi.mocked(playTone).mockClear();
  });
  afterEach(() => {
    stop();
    forgetScans();
    uninstall();
  });

  async function toneOfScan(code: string): Promise<string | undefined> {
    vi.mocked(playTone).mockClear();
    submitCode(code, 'scanner');
    await whenScansAnswered();
    await expect.poll(() => vi.mocked(playTone).mock.calls.length).toBe(1);
    return vi.mocked(playTone).mock.calls[0]?.[0];
  }

  it('plays "found" for a known product, "not found" for an unknown code, "error" for a failed lookup', async () => {
    expect(await toneOfScan('SKU-00042')).toBe('found');
    expect(await toneOfScan('NOPE-404')).toBe('not_found');
    expect(await toneOfScan('BROKEN-1')).toBe('error');
  });

  it('plays three different tones for the three outcomes', async () => {
    const tones = new Set([await toneOfScan('SKU-00042'), await toneOfScan('NOPE-404'), await toneOfScan('BROKEN-1')]);
    expect(tones.size).toBe(3);
  });
});
