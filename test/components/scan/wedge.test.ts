import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScanDetector, type DetectedScan, type RejectedBurst, type ScannerConfig } from '../../../src/renderer/src/scan/detector';
import type { LayoutName } from '../../corpus/layouts';
import { wedgeStrokes, type GsMode, type SuffixMode, type WedgeSetup } from '../../corpus/wedge';
import { fakeTime, keydown, replay, type FakeTime } from './keys';

const GS = '\u001d';
const base: ScannerConfig = { maxInterKeyMs: 50, minLength: 4, prefix: '', suffix: 'Enter' };
const US: WedgeSetup = { scanner: 'us', desk: 'us', gs: 'ctrl-bracket', suffix: 'enter' };

describe('what a keyboard wedge sends, on every desk layout', () => {
  let time: FakeTime;
  let scans: DetectedScan[];
  let rejects: RejectedBurst[];
  let detach: () => void = () => {};

  function make(config: Partial<ScannerConfig> = {}): void {
    detach();
    const detector = new ScanDetector({ config: { ...base, ...config }, onScan: (s) => scans.push(s), onReject: (r) => rejects.push(r), now: time.now, schedule: time.schedule });
    detach = detector.attach(window);
  }
  function scan(text: string, setup: Partial<WedgeSetup> = {}, gapMs = 3): KeyboardEvent[] {
    const events = replay(document.body, time, wedgeStrokes(text, { ...US, ...setup }), gapMs);
    time.advance(500); // quiet: a burst without suffix ends, the next is a new one
    return events;
  }
  const codes = (): string[] => scans.map((s) => s.code);

  beforeEach(() => {
    time = fakeTime();
    scans = [];
    rejects = [];
    make();
  });
  afterEach(() => detach());

  it('keeps the shifted characters of a US desk intact: ( ) % # + / $', () => {
    for (const text of ['(01)04012345678901(10)AB', '%0076131052123456789011012766', 'A#B+C/D$E', 'https://id.gs1.org/01/04012345678901?17=261231']) scan(text);
    expect(codes()).toEqual(['(01)04012345678901(10)AB', '%0076131052123456789011012766', 'A#B+C/D$E', 'https://id.gs1.org/01/04012345678901?17=261231']);
    expect(scans.every((s) => s.reading === 'us' && s.otherReading === null)).toBe(true);
  });

  const LABEL = `(01)04012345678901(17)261231(10)LOT-7/B%`;
  it.each<[LayoutName, LayoutName]>([
    ['us', 'azerty'],
    ['us', 'qwertz'],
    ['azerty', 'azerty'],
    ['qwertz', 'qwertz'],
  ])('a scanner set to %s on a %s desk gives the label as printed', (scanner, desk) => {
    // a first burst with the layout's evidence in its digits (QWERTZ gives none: it is set)
    if (scanner === 'qwertz') make({ scannerLayout: 'desk' });
    scan(LABEL, { scanner, desk });
    scan('WD-000123', { scanner, desk });
    expect(codes()).toEqual([LABEL, 'WD-000123']);
  });

  it('decides per burst: a US-set scanner then an AZERTY-set one on the same AZERTY desk', () => {
    scan('4006381333931', { scanner: 'us', desk: 'azerty' });
    scan('4006381333931', { scanner: 'azerty', desk: 'azerty' });
    scan('%0076131052123456789011012766', { scanner: 'us', desk: 'azerty' });
    expect(codes()).toEqual(['4006381333931', '4006381333931', '%0076131052123456789011012766']);
    expect(scans.map((s) => s.reading)).toEqual(['us', 'desk', 'us']);
  });

  it('a burst with no evidence of its own follows the last one that had some', () => {
    scan('AZERTY12', { scanner: 'azerty', desk: 'azerty' }); // Shift+digits: the scanner follows the desk
    scan('QWAZ', { scanner: 'azerty', desk: 'azerty' }); // letters only: no evidence
    expect(codes()).toEqual(['AZERTY12', 'QWAZ']);
  });

  it('reports the other reading when the two differ (the setup check explains it)', () => {
    scan('AB-12', { scanner: 'us', desk: 'azerty' });
    expect(scans[0]).toMatchObject({ code: 'AB-12', reading: 'us', otherReading: 'QB)&é' });
  });

  it('undoes Caps Lock and says it was on', () => {
    scan('Wd-00a', { capsLock: true });
    scan('WD-1234', { scanner: 'us', desk: 'azerty', capsLock: true });
    expect(codes()).toEqual(['Wd-00a', 'WD-1234']);
    expect(scans.every((s) => s.capsLock)).toBe(true);
  });

  const GS_MODES: GsMode[] = ['ctrl-bracket', 'ctrl-shift-bracket', 'ctrl-5', 'f8', 'char', 'alt-0029'];
  it.each(GS_MODES)('reads the GS1 separator sent as %s, on every desk', (gs) => {
    for (const desk of ['us', 'azerty', 'qwertz'] as const) scan(`]C1010401234567890110AB${GS}17261231`, { gs, desk, scanner: 'us' });
    expect(codes()).toEqual(Array(3).fill(`]C1010401234567890110AB${GS}17261231`));
  });

  it('reads a configured substitute key as GS, and refuses an unknown one by name', () => {
    scan(`010401234567890110AB${GS}17261231`, { gs: 'substitute-f9' });
    expect(rejects).toMatchObject([{ reason: 'unreadable', unreadableKeys: ['F9'] }]);
    make({ gsKey: 'F9' });
    scan(`010401234567890110AB${GS}17261231`, { gs: 'substitute-f9' });
    expect(codes()).toEqual([`010401234567890110AB${GS}17261231`]);
  });

  it('passes a dropped GS on as nothing (the parser reads fixed-length AIs without it)', () => {
    scan(`0104012345678901${GS}17261231${GS}10AB`, { gs: 'dropped' });
    expect(codes()).toEqual(['01040123456789011726123110AB']);
  });

  it.each<[SuffixMode, Partial<ScannerConfig>]>([
    ['enter', {}],
    ['tab', { suffix: 'Tab' }],
    ['cr-lf', {}],
    ['enter-ctrl-j', {}],
    ['none', { suffix: 'None' }],
  ])('ends a code with the suffix %s', (suffix, config) => {
    make(config);
    const events = scan('SKU-00042', { suffix });
    scan('SKU-00043', { suffix });
    expect(codes()).toEqual(['SKU-00042', 'SKU-00043']);
    // every key of the suffix stays away from the page (a second Enter would press a focused button)
    if (suffix !== 'none') expect(events.slice(-(suffix === 'cr-lf' || suffix === 'enter-ctrl-j' ? 2 : 1)).every((e) => e.defaultPrevented)).toBe(true);
  });

  it('without a suffix, a burst is still told from a person typing', () => {
    make({ suffix: 'None' });
    scan('SKU-00042', { suffix: 'none' }, 120); // a person: 120 ms between keys
    expect(scans).toEqual([]);
  });

  it('an Enter after the scan that is not a CR+LF’s LF is left to the page', () => {
    scan('SKU-00042');
    const later = keydown(document.body, { key: 'Enter', code: 'Enter' });
    expect(later.defaultPrevented).toBe(false);
    // right after a scan, but after another key (a field typed in, a dialog opened): a person's Enter
    replay(document.body, time, wedgeStrokes('SKU-00043', US));
    const field = document.createElement('input');
    document.body.append(field);
    keydown(field, { key: 'Enter', code: 'Enter' });
    const confirm = keydown(document.body, { key: 'Enter', code: 'Enter' });
    expect(confirm.defaultPrevented).toBe(false);
    // right after a scan, on another element than the scan went to
    replay(document.body, time, wedgeStrokes('SKU-00044', US));
    const elsewhere = keydown(field, { key: 'Enter', code: 'Enter' });
    expect(elsewhere.defaultPrevented).toBe(false);
    field.remove();
    expect(codes()).toEqual(['SKU-00042', 'SKU-00043', 'SKU-00044']);
  });

  it('trims spaces a scanner puts around a code', () => {
    scan('  SKU-00042 ');
    scan(' 4006381333931', { scanner: 'us', desk: 'azerty' });
    expect(codes()).toEqual(['SKU-00042', '4006381333931']);
  });

  it('strips a prefix made of a shifted symbol on a US desk and a US-set scanner on AZERTY', () => {
    make({ prefix: '#' });
    scan('SKU-77', { prefix: '#' });
    scan('SKU-78', { prefix: '#', desk: 'azerty' });
    expect(codes()).toEqual(['SKU-77', 'SKU-78']);
  });

  it('still tells junk and people apart', () => {
    scan('ab', {}); // too short to be a code
    scan('SKU-00042', {}, 150); // a person typing
    expect(scans).toEqual([]);
    // a burst of unreadable keys: refused, not looked up
    for (const key of ['F1', 'F2', 'F3', 'F4', 'F6', 'Enter']) {
      keydown(document.body, { key, code: key });
      time.advance(2);
    }
    expect(scans).toEqual([]);
  });
});
