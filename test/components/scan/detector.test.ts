import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScanDetector, type DetectedScan, type RejectedBurst, type ScannerConfig } from '../../../src/renderer/src/scan/detector';
import { fakeTime, keydown, scanInto, type FakeTime } from './keys';

const config: ScannerConfig = { maxInterKeyMs: 50, minLength: 4, prefix: '', suffix: 'Enter' };

describe('ScanDetector (key timing, physical keys)', () => {
  let time: FakeTime;
  let scans: DetectedScan[];
  let rejects: RejectedBurst[];
  let detector: ScanDetector;
  let detach: () => void;
  let host: HTMLDivElement;

  function make(c: Partial<ScannerConfig> = {}, extra: { ignoreTextEntry?: boolean } = {}): void {
    detach?.();
    detector = new ScanDetector({
      config: { ...config, ...c },
      onScan: (s) => scans.push(s),
      onReject: (r) => rejects.push(r),
      now: time.now,
      schedule: time.schedule,
      ...extra,
    });
    detach = detector.attach(window);
  }

  beforeEach(() => {
    time = fakeTime();
    scans = [];
    rejects = [];
    host = document.createElement('div');
    host.innerHTML = '<button type="button">Adjust</button><input type="text" aria-label="Note" /><select><option>a</option></select>';
    document.body.append(host);
    make();
  });
  afterEach(() => {
    detach();
    host.remove();
  });

  it('reads a fast burst ended by Enter as a scan, and keeps its Enter from the page', () => {
    const events = scanInto(document.body, time, 'SKU-00042');
    expect(scans).toEqual([{ code: 'SKU-00042', keys: 9, durationMs: 36, reading: 'us', otherReading: null, capsLock: false }]);
    expect(events.at(-1)!.defaultPrevented).toBe(true);
    // the first key could have been a person's and went through; the following fast ones did not
    expect(events[0]!.defaultPrevented).toBe(false);
    expect(events[1]!.defaultPrevented).toBe(true);
  });

  it('catches a scan while a button or a select has the focus', () => {
    host.querySelector('button')!.focus();
    scanInto(host.querySelector('button')!, time, '4006381333931');
    host.querySelector('select')!.focus();
    scanInto(host.querySelector('select')!, time, 'ABC12');
    expect(scans.map((s) => s.code)).toEqual(['4006381333931', 'ABC12']);
  });

  it('leaves a person typing slowly alone, Enter included', () => {
    const events = scanInto(document.body, time, 'SKU-1', { gapMs: 120 });
    expect(scans).toEqual([]);
    expect(rejects).toEqual([]);
    expect(events.at(-1)!.defaultPrevented).toBe(false);
  });

  it('in a text field, lets a burst’s keys type and reads it as a scan at its suffix, which it swallows (the field is put back: scanner-in-fields.test.ts)', () => {
    const input = host.querySelector('input')!;
    const events = scanInto(input, time, 'SKU-00042');
    expect(scans.map((s) => s.code)).toEqual(['SKU-00042']);
    expect(events.slice(0, -1).some((e) => e.defaultPrevented)).toBe(false);
    expect(events.at(-1)!.defaultPrevented).toBe(true);
  });

  it('reads scans inside a field when attached to it as a scan target', () => {
    detach();
    const input = host.querySelector('input')!;
    detector = new ScanDetector({ config, onScan: (s) => scans.push(s), now: time.now, schedule: time.schedule, ignoreTextEntry: false });
    detach = detector.attach(input);
    scanInto(input, time, 'ABCD1234');
    expect(scans.map((s) => s.code)).toEqual(['ABCD1234']);
  });

  it('attached to a field, never swallows a fast typist’s keys (only the suffix of a real scan)', () => {
    detach();
    const input = host.querySelector('input')!;
    detector = new ScanDetector({ config, onScan: (s) => scans.push(s), now: time.now, schedule: time.schedule, ignoreTextEntry: false });
    detach = detector.attach(input);
    const typed = scanInto(input, time, '75', { gapMs: 3 });
    expect(typed.map((e) => e.defaultPrevented)).toEqual([false, false, false]);
    time.advance(500);
    const backspace = keydown(input, { key: 'Backspace', code: 'Backspace' });
    expect(backspace.defaultPrevented).toBe(false);
    const scanned = scanInto(input, time, 'ABCD1234');
    expect(scanned.slice(0, -1).some((e) => e.defaultPrevented)).toBe(false);
    expect(scanned.at(-1)!.defaultPrevented).toBe(true);
    expect(scans.map((s) => s.code)).toEqual(['ABCD1234']);
  });

  it('attached to a field, reads the dead key an input method turned into Process keys inside a scan, and leaves a person composing alone', () => {
    // Chromium on Linux, QWERTZ desk, US-set scanner: `=` is the dead acute there; in a text field
    // the input method reports it and the key after it as 'Process' (seen with real X keys).
    detach();
    const input = host.querySelector('input')!;
    detector = new ScanDetector({ config, onScan: (s) => scans.push(s), now: time.now, schedule: time.schedule, ignoreTextEntry: false });
    detach = detector.attach(input);
    scanInto(input, time, '17', { suffix: null, gapMs: 3 });
    keydown(input, { key: 'Process', code: 'Equal', keyCode: 229 });
    time.advance(3);
    keydown(input, { key: 'Process', code: 'Digit2', keyCode: 229, isComposing: true });
    time.advance(3);
    scanInto(input, time, '50715', { gapMs: 3 });
    expect(scans.map((s) => [s.code, s.reading])).toEqual([['17=250715', 'us']]);
    // a person composing (a dead key, then a letter, at a person's pace) is the field's
    time.advance(1000);
    keydown(input, { key: 'Process', code: 'Equal', keyCode: 229 });
    time.advance(300);
    keydown(input, { key: 'Process', code: 'KeyE', keyCode: 229, isComposing: true });
    time.advance(300);
    const enter = keydown(input, { key: 'Enter', code: 'Enter' });
    expect(enter.defaultPrevented).toBe(false);
    expect(scans).toHaveLength(1);
  });

  it('ignores bursts shorter than the minimum length (Enter passes through)', () => {
    const events = scanInto(document.body, time, 'AB1');
    expect(scans).toEqual([]);
    expect(rejects).toEqual([]);
    expect(events.at(-1)!.defaultPrevented).toBe(false);
  });

  it('reads physical keys, so an AZERTY layout does not garble digits', () => {
    // AZERTY: the keys of "1234567890" give "&é\"'(-è_çà" without Shift.
    const azerty = ['&', 'é', '"', "'", '(', '-', 'è', '_', 'ç', 'à'];
    azerty.forEach((key, i) => {
      keydown(document.body, { key, code: `Digit${(i + 1) % 10}` });
      time.advance(3);
    });
    keydown(document.body, { key: 'Enter', code: 'Enter' });
    // and a scanner set up for AZERTY sends Shift+Digit: still digits
    for (const d of '4006381333931') {
      keydown(document.body, { key: d, code: `Digit${d}`, shiftKey: true });
      time.advance(3);
    }
    keydown(document.body, { key: 'Enter', code: 'NumpadEnter' });
    expect(scans.map((s) => s.code)).toEqual(['1234567890', '4006381333931']);
  });

  it('reads letters by position too (QWERTZ / AZERTY swap Y/Z and A/Q)', () => {
    // On AZERTY the physical KeyQ types "a"; the scanner meant "Q".
    const keys = [
      { key: 'A', code: 'KeyQ', shiftKey: true },
      { key: 'w', code: 'KeyZ', shiftKey: false },
      { key: 'Z', code: 'KeyY', shiftKey: true },
      { key: '1', code: 'Numpad1', shiftKey: false },
      { key: '.', code: 'NumpadDecimal', shiftKey: false },
    ];
    for (const k of keys) {
      keydown(document.body, k);
      time.advance(2);
    }
    keydown(document.body, { key: 'Enter', code: 'Enter' });
    expect(scans.map((s) => s.code)).toEqual(['QzY1.']);
  });

  it('keeps the case the OS produced when the layout agrees with the key (no Shift flag needed)', () => {
    for (const [key, code] of [['W', 'KeyW'], ['d', 'KeyD'], ['_', 'Minus'], ['7', 'Digit7']] as const) {
      keydown(document.body, { key, code });
      time.advance(2);
    }
    keydown(document.body, { key: 'Enter', code: 'Enter' });
    expect(scans.map((s) => s.code)).toEqual(['Wd_7']);
  });

  it('strips the configured prefix and refuses a fast burst without it', () => {
    make({ prefix: '#' });
    keydown(document.body, { key: '#', code: 'Digit3', shiftKey: true }); // prefix matched by event.key
    time.advance(3);
    scanInto(document.body, time, 'SKU-77');
    expect(scans.map((s) => s.code)).toEqual(['SKU-77']);
    time.advance(500);
    scanInto(document.body, time, 'SKU-77');
    expect(scans).toHaveLength(1);
    expect(rejects.map((r) => r.reason)).toEqual(['missing_prefix']);
  });

  it('uses Tab as suffix when configured, and says so when a scan ends with the other key', () => {
    make({ suffix: 'Tab' });
    const tabbed = scanInto(document.body, time, 'SKU-12', { suffix: 'Tab' });
    expect(tabbed.at(-1)!.defaultPrevented).toBe(true);
    time.advance(500);
    scanInto(document.body, time, 'SKU-13', { suffix: 'Enter' });
    expect(scans.map((s) => s.code)).toEqual(['SKU-12']);
    expect(rejects).toMatchObject([{ reason: 'wrong_suffix' }]);
    expect(rejects[0]!.message).toContain('Tab');
  });

  it('handles two scans back to back, in order', () => {
    scanInto(document.body, time, 'SKU-1111');
    time.advance(5); // the second begins right after the first's Enter
    scanInto(document.body, time, 'SKU-2222');
    expect(scans.map((s) => s.code)).toEqual(['SKU-1111', 'SKU-2222']);
  });

  it('reports a fast burst that never gets its suffix, once it has gone quiet', () => {
    scanInto(document.body, time, 'SKU-00042', { suffix: null });
    expect(rejects).toEqual([]);
    time.advance(200);
    expect(rejects).toMatchObject([{ reason: 'no_suffix', keys: 9, preview: 'SKU-00042' }]);
    expect(scans).toEqual([]);
  });

  it('lets the suffix trail by up to twice the limit (scanners pause before Enter)', () => {
    for (const ch of 'ABCDE') {
      keydown(document.body, { key: ch, code: `Key${ch}`, shiftKey: true });
      time.advance(4);
    }
    time.advance(80); // 84 ms after the last character: over 50, under 100
    keydown(document.body, { key: 'Enter', code: 'Enter' });
    expect(scans.map((s) => s.code)).toEqual(['ABCDE']);
  });

  it('turns a 10,000-key flood into one clear refusal, without storing it all', () => {
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) {
      keydown(document.body, { key: 'x', code: 'KeyX' });
      time.advance(1);
    }
    keydown(document.body, { key: 'Enter', code: 'Enter' });
    expect(scans).toEqual([]);
    expect(rejects).toHaveLength(1);
    expect(rejects[0]).toMatchObject({ reason: 'too_long', keys: 10_000 });
    expect(rejects[0]!.message).toContain('10,000');
    expect(rejects[0]!.preview.length).toBeLessThanOrEqual(25);
    // informative only (no threshold): the cost of the flood
    console.info(`10,000-key flood handled in ${(performance.now() - started).toFixed(0)} ms`);
  });

  it('refuses control characters and non-character keys inside a burst', () => {
    for (const ch of 'AB') {
      keydown(document.body, { key: ch, code: `Key${ch}`, shiftKey: true });
      time.advance(2);
    }
    keydown(document.body, { key: '\u0002', code: '' }); // STX: no code has one
    time.advance(2);
    keydown(document.body, { key: 'F5', code: 'F5' }); // never reaches the page: no reload mid-scan
    time.advance(2);
    const last = keydown(document.body, { key: 'C', code: 'KeyC', shiftKey: true });
    time.advance(2);
    keydown(document.body, { key: 'Enter', code: 'Enter' });
    expect(last.defaultPrevented).toBe(true);
    expect(scans).toEqual([]);
    expect(rejects).toMatchObject([{ reason: 'unreadable', keys: 5, unreadableKeys: ['\u0002', 'F5'] }]);
  });

  it('does not take a person’s shortcut (Alt+2, F2) for part of a scan', () => {
    const alt = keydown(document.body, { key: '2', code: 'Digit2', altKey: true });
    const f2 = keydown(document.body, { key: 'F2', code: 'F2' });
    expect(alt.defaultPrevented || f2.defaultPrevented).toBe(false);
    scanInto(document.body, time, 'SKU-9', { gapMs: 3 });
    expect(scans.map((s) => s.code)).toEqual(['SKU-9']);
  });

  it('ignores modifier keys between characters and key repeat', () => {
    for (const ch of 'AB12') {
      keydown(document.body, { key: 'Shift', code: 'ShiftLeft', shiftKey: true });
      keydown(document.body, keyForUpper(ch));
      time.advance(3);
    }
    keydown(document.body, { key: 'Enter', code: 'Enter' });
    expect(scans.map((s) => s.code)).toEqual(['AB12']);
    // a held key repeats fast, but is not a scan
    for (let i = 0; i < 8; i++) {
      keydown(document.body, { key: 'a', code: 'KeyA', repeat: i > 0 });
      time.advance(3);
    }
    keydown(document.body, { key: 'Enter', code: 'Enter' });
    expect(scans).toHaveLength(1);
  });

  it('applies a new configuration (a slower scanner)', () => {
    scanInto(document.body, time, 'SKU-SLOW', { gapMs: 70 });
    expect(scans).toEqual([]);
    detector.setConfig({ ...config, maxInterKeyMs: 90 });
    time.advance(500);
    scanInto(document.body, time, 'SKU-SLOW', { gapMs: 70 });
    expect(scans.map((s) => s.code)).toEqual(['SKU-SLOW']);
  });

  it('reports every key with its gap for the timing test', () => {
    detach();
    const samples: { gapMs: number | null; withinLimit: boolean; ended: boolean }[] = [];
    detector = new ScanDetector({ config, onScan: (s) => scans.push(s), onKey: (k) => samples.push(k), now: time.now, schedule: time.schedule });
    detach = detector.attach(window);
    for (const [ch, gap] of [['A', 10], ['B', 60], ['C', 5]] as const) {
      keydown(document.body, { key: ch, code: `Key${ch}`, shiftKey: true });
      time.advance(gap);
    }
    keydown(document.body, { key: 'Enter', code: 'Enter' });
    expect(samples.map((s) => [s.gapMs, s.withinLimit, s.ended])).toEqual([
      [null, true, false],
      [10, true, false],
      [60, false, false], // 60 ms > 50 ms: a new burst starts here
      [5, true, true],
    ]);
  });
});

function keyForUpper(ch: string): KeyboardEventInit {
  return /[0-9]/.test(ch) ? { key: ch, code: `Digit${ch}`, shiftKey: true } : { key: ch, code: `Key${ch}`, shiftKey: true };
}
