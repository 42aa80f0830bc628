import { describe, expect, it } from 'vitest';
import type { ScannerConfig } from '../../../src/renderer/src/scan/detector';
import { diagnose, fixesOf, TEST_SHEET, type RecordedKey, type SheetCode } from '../../../src/renderer/src/scan/setup-check';
import { wedgeStrokes, type KeyStroke, type WedgeSetup } from '../../corpus/wedge';

const config: ScannerConfig = { maxInterKeyMs: 50, minLength: 4, prefix: '', suffix: 'Enter' };
const US: WedgeSetup = { scanner: 'us', desk: 'us', gs: 'ctrl-bracket', suffix: 'enter' };
const [LAYOUT, GS1, DIGITS] = TEST_SHEET as [SheetCode, SheetCode, SheetCode];

function recorded(strokes: KeyStroke[], gapMs = 4): RecordedKey[] {
  let t = 0;
  return strokes.map((s) => {
    if (s.type === 'keydown' && !['Shift', 'Alt'].includes(s.key)) t += gapMs;
    return { ...s, t, getModifierState: (m: string) => (m === 'CapsLock' ? s.capsLock : m === 'AltGraph' ? s.altGraph : false) };
  });
}
const check = (code: SheetCode, setup: Partial<WedgeSetup> = {}, c: Partial<ScannerConfig> = {}, gapMs = 4) =>
  diagnose(code, recorded(wedgeStrokes(code.text, { ...US, ...setup }), gapMs), { ...config, ...c });
const ids = (findings: { id: string }[]): string[] => findings.map((f) => f.id);

describe('scanner setup check', () => {
  it('all well on a US desk with a US-set scanner', () => {
    for (const code of TEST_SHEET) expect(ids(check(code))).toEqual(['ok']);
  });

  it('all well for a US-set scanner on AZERTY and QWERTZ desks (the app reads key positions)', () => {
    for (const code of TEST_SHEET) expect(ids(check(code, { desk: 'qwertz' }))).toEqual(['ok']);
    for (const code of [GS1, DIGITS]) expect(ids(check(code, { desk: 'azerty' }))).toEqual(['ok']);
  });

  it('on AZERTY, a code of shifted symbols would pass for an AZERTY-set scanner’s: the check pins the layout', () => {
    // % ( ) arrive as Shift+digit keys that AZERTY reads as digits, like an AZERTY-set scanner's
    const findings = check(LAYOUT, { desk: 'azerty' });
    expect(ids(findings)).toEqual(['layout_setting']);
    expect(fixesOf(findings)).toEqual({ scannerLayout: 'us' });
    expect(ids(check(LAYOUT, { desk: 'azerty' }, { scannerLayout: 'us' }))).toEqual(['ok']);
  });

  it('a scanner set to the desk’s QWERTZ layout: the app setting to change', () => {
    const findings = check(LAYOUT, { scanner: 'qwertz', desk: 'qwertz' });
    expect(ids(findings)).toEqual(['layout_setting']);
    expect(fixesOf(findings)).toEqual({ scannerLayout: 'desk' });
    expect(ids(check(LAYOUT, { scanner: 'qwertz', desk: 'qwertz' }, { scannerLayout: 'desk' }))).toEqual(['ok']);
  });

  it('a scanner set to AZERTY on a US desk: the scanner must change', () => {
    const findings = check(LAYOUT, { scanner: 'azerty', desk: 'us' });
    expect(ids(findings)).toEqual(['layout_mismatch']);
    expect(findings[0]!.text).toMatch(/different keyboard layout than this desk/);
    expect(findings[0]!.scannerSetting).toMatch(/US keyboard layout/);
    expect(findings[0]!.fix).toBeUndefined();
  });

  it('Caps Lock on', () => {
    expect(ids(check(LAYOUT, { capsLock: true }))).toEqual(['caps_lock']);
  });

  it('a prefix the app does not know, and one it expects that never comes', () => {
    const extra = check(DIGITS, { prefix: '#' });
    expect(ids(extra)).toEqual(['prefix_extra']);
    expect(fixesOf(extra)).toEqual({ prefix: '#' });
    expect(fixesOf(check(DIGITS, {}, { prefix: '*' }))).toEqual({ prefix: '' });
  });

  it('a suffix missing, another than the setting, or extra characters after the code', () => {
    const none = check(DIGITS, { suffix: 'none' });
    expect(ids(none)).toEqual(['suffix_missing']);
    expect(fixesOf(none)).toEqual({ suffix: 'None' });
    expect(none[0]!.scannerSetting).toMatch(/Enter/);
    expect(fixesOf(check(DIGITS, { suffix: 'tab' }))).toEqual({ suffix: 'Tab' });
    expect(ids(check(DIGITS, { suffix: 'cr-lf' }))).toEqual(['ok']);
    expect(ids(diagnose(DIGITS, recorded(wedgeStrokes(`${DIGITS.text}XY`, US)), config))).toEqual(['suffix_extra']);
  });

  it('GS sent as a key the app does not read: a single key is taken as the substitute', () => {
    const findings = check(GS1, { gs: 'substitute-f9' });
    expect(ids(findings)).toEqual(['gs_unread']);
    expect(fixesOf(findings)).toEqual({ gsKey: 'F9' });
    expect(ids(check(GS1, { gs: 'substitute-f9' }, { gsKey: 'F9' }))).toEqual(['ok']);
  });

  it('every GS a wedge sends is read; a dropped one is said plainly', () => {
    for (const gs of ['ctrl-bracket', 'ctrl-shift-bracket', 'ctrl-5', 'f8', 'alt-0029', 'char'] as const) expect(ids(check(GS1, { gs }))).toEqual(['ok']);
    const dropped = check(GS1, { gs: 'dropped' });
    expect(ids(dropped)).toEqual(['gs_dropped']);
    expect(dropped[0]!.scannerSetting).toMatch(/FNC1/);
  });

  it('keys too slow for the limit: the limit that fits, or the scanner speed when none can', () => {
    const slow = check(DIGITS, {}, {}, 70);
    expect(ids(slow)).toEqual(['too_slow']);
    expect(fixesOf(slow)).toEqual({ maxInterKeyMs: 90 });
    expect(ids(check(DIGITS, {}, {}, 600))).toContain('too_slow_for_any');
  });

  it('a symbology identifier in front is fine', () => {
    const findings = diagnose(GS1, recorded(wedgeStrokes(`]C1${GS1.text}`, US)), config);
    expect(ids(findings)).toEqual(['ok']);
    expect(findings[0]!.text).toMatch(/]C1/);
  });
});
