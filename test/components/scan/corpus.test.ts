// The corpus of label contents (test/corpus/labels.ts) typed as a keyboard wedge types it, on a
// US, an AZERTY and a QWERTZ desk, by scanners set to US or to the desk's layout, with every way
// of sending GS and every suffix; each code the detector hands on must parse to what the label
// means. One detector per desk, fed the whole corpus in order, as a desk lives through a day.
import { describe, expect, it } from 'vitest';
import { ScanDetector, type DetectedScan, type RejectedBurst, type ScannerConfig } from '../../../src/renderer/src/scan/detector';
import { parseCode, type ParsedCode } from '../../../src/shared/codes/parse-code';
import { LABELS, type Expected } from '../../corpus/labels';
import type { LayoutName } from '../../corpus/layouts';
import { wedgeStrokes, type GsMode, type SuffixMode } from '../../corpus/wedge';
import { fakeTime, replay } from './keys';

const today = new Date('2026-11-25T12:00:00Z');
const GS_MODES: GsMode[] = ['ctrl-bracket', 'ctrl-shift-bracket', 'ctrl-5', 'f8', 'alt-0029', 'char', 'dropped'];
const SUFFIXES: [SuffixMode, ScannerConfig['suffix']][] = [
  ['enter', 'Enter'],
  ['cr-lf', 'Enter'],
  ['tab', 'Tab'],
  ['enter-ctrl-j', 'Enter'],
  ['none', 'None'],
];
const DESKS: { desk: LayoutName; scanner: LayoutName; scannerLayout?: 'desk' }[] = [
  { desk: 'us', scanner: 'us' },
  { desk: 'azerty', scanner: 'us' },
  { desk: 'azerty', scanner: 'azerty' },
  { desk: 'qwertz', scanner: 'us' },
  // nothing in a QWERTZ-set scanner's keys tells it from a US-set one: the setting says so
  { desk: 'qwertz', scanner: 'qwertz', scannerLayout: 'desk' },
];

function matches(parsed: ParsedCode, expected: Expected): void {
  if (expected.kind === 'invalid' && expected.refusedBy === 'lookup') {
    expect(parsed).toMatchObject({ kind: 'gtin', checkDigitOk: false });
    return;
  }
  if (expected.kind === 'invalid') {
    expect(parsed.kind).toBe('invalid');
    if (parsed.kind === 'invalid') expect(parsed.problem).toMatch(expected.problem);
    return;
  }
  if (expected.kind === 'gtin') {
    const { gtin14, ...gs1 } = expected;
    expect(parsed).toMatchObject({ kind: 'gtin', checkDigitOk: true });
    if (parsed.kind !== 'gtin') return;
    expect(parsed.gtin14[0]).toBe(gtin14);
    const seen = { lot: parsed.gs1?.lot ?? undefined, expiry: parsed.gs1?.expiry?.date, serial: parsed.gs1?.serial ?? undefined, count: parsed.gs1?.count ?? undefined };
    expect(seen).toEqual({ lot: gs1.lot, expiry: gs1.expiry, serial: gs1.serial, count: gs1.count });
    return;
  }
  expect(parsed).toMatchObject(expected);
}

describe('the label corpus through the detector and the parser', () => {
  it('holds at least 150 labels', () => {
    expect(LABELS.length).toBeGreaterThanOrEqual(150);
  });

  describe.each(DESKS)('$scanner-set scanner on a $desk desk', ({ desk, scanner, scannerLayout }) => {
    it('every label resolves to what it means', () => {
      const time = fakeTime();
      let got: DetectedScan | null = null;
      let refused: RejectedBurst | null = null;
      const base: ScannerConfig = { maxInterKeyMs: 50, minLength: 4, prefix: '', suffix: 'Enter', gsKey: '', scannerLayout };
      const detector = new ScanDetector({
        config: base,
        onScan: (s) => (got = s),
        onReject: (r) => (refused = r),
        now: time.now,
        schedule: time.schedule,
      });
      const detach = detector.attach(window);
      try {
        LABELS.forEach((label, i) => {
          // A dropped GS loses the end of a variable-length element: only where none follows can the
          // code survive it, and the corpus puts a GS only where one is needed.
          const modes = label.text.includes('\u001d') ? GS_MODES.filter((m) => m !== 'dropped') : GS_MODES;
          const gs = modes[i % modes.length]!;
          const [suffix, configSuffix] = SUFFIXES[i % SUFFIXES.length]!;
          detector.setConfig({ ...base, suffix: configSuffix });
          got = null;
          refused = null;
          const strokes = wedgeStrokes(label.text, { desk, scanner, gs, suffix, capsLock: i % 9 === 4 });
          replay(document.body, time, strokes, 2 + (i % 4));
          time.advance(400);
          const where = `${label.name} ${JSON.stringify(label.text)} (${scanner} scanner, ${desk} desk, GS ${gs}, suffix ${suffix}, caps ${i % 9 === 4})`;
          expect(refused, where).toBeNull();
          expect(got, where).not.toBeNull();
          const parsed = parseCode(got!.code, { today });
          expect(got!.code, where).toBe(label.text.trim());
          const parsedKind = label.expect.kind === 'invalid' && label.expect.refusedBy === 'lookup' ? 'gtin' : label.expect.kind;
          expect.soft(parsed.kind, `${where}: ${parsed.kind === "invalid" ? parsed.problem : ""}`).toBe(parsedKind);
          matches(parsed, label.expect);
        });
      } finally {
        detach();
      }
    });
  });
});
