import { describe, expect, it } from 'vitest';
import { ServiceClock, parseHttpDate } from '../../../../src/main/kernel/api/service-clock';

/** The service's clock as learnt from `Date` headers, on a monotonic clock the test moves by hand. */
describe('ServiceClock', () => {
  const at = (iso: string) => new Date(iso).toUTCString();

  it('reads an HTTP date, and nothing from an absent or unreadable one', () => {
    expect(parseHttpDate('Fri, 27 Nov 2026 16:40:05 GMT')).toBe(Date.parse('2026-11-27T16:40:05Z'));
    expect(parseHttpDate(null)).toBeNull();
    expect(parseHttpDate('soon')).toBeNull();
  });

  it('knows nothing before an answer, then carries the last reading forward on the monotonic clock', () => {
    let mono = 1_000;
    const clock = new ServiceClock(() => mono);
    expect(clock.lowerBound()).toBeNull();
    expect(clock.observe(at('2026-11-27T16:40:05Z'))).toBe(Date.parse('2026-11-27T16:40:05Z'));
    mono += 90_000;
    expect(clock.lowerBound()).toBe(Date.parse('2026-11-27T16:41:35Z'));
  });

  it('keeps the highest bound: an answer that left earlier but arrived later does not pull it back', () => {
    let mono = 0;
    const clock = new ServiceClock(() => mono);
    clock.observe(at('2026-11-27T16:40:10Z'));
    mono += 2_000;
    clock.observe(at('2026-11-27T16:40:05Z'));
    expect(clock.lowerBound()).toBe(Date.parse('2026-11-27T16:40:12Z'));
    expect(clock.observe(null)).toBeNull();
    expect(clock.lowerBound()).toBe(Date.parse('2026-11-27T16:40:12Z'));
  });
});
