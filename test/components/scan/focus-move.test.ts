import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScanDetector, type DetectedScan, type RejectedBurst, type ScannerConfig } from '../../../src/renderer/src/scan/detector';
import { scanField } from '../../../src/renderer/src/scan/scan-field';
import { fakeTime, keydown, keyFor, type FakeTime } from './keys';

/**
 * A burst cut by a focus move: on the Scan screen the focus that falls on the page goes back to the
 * scan box a task later, so a scan's first keys can land on the page and the rest in the box. The
 * window-wide detector (as App.svelte wires it) and the scan box's own (scanField, as ScanBox.svelte
 * wires it) together must read such a scan whole, and must never lose a person's keys, even when a
 * loaded page gets them in clumps as fast as a scanner's (the fix that let any fast burst carry into
 * any field swallowed those, and was reverted).
 */
const config: ScannerConfig = { maxInterKeyMs: 50, minLength: 4, prefix: '', suffix: 'Enter' };

describe('a scan across the focus move into the scan box', () => {
  let time: FakeTime;
  let windowScans: DetectedScan[];
  let boxScans: DetectedScan[];
  let rejects: RejectedBurst[];
  let host: HTMLDivElement;
  let box: HTMLInputElement;
  let note: HTMLInputElement;
  let detachAll: () => void;

  function setUp(c: Partial<ScannerConfig> = {}): void {
    detachAll?.();
    const cfg = { ...config, ...c };
    const windowWide = new ScanDetector({ config: cfg, onScan: (s) => windowScans.push(s), onReject: (r) => rejects.push(r), now: time.now, schedule: time.schedule });
    const detachWindow = windowWide.attach(window);
    // The scan box's own detector, with the fake clock (scanField builds it with the real one).
    const attachment = scanField({ config: cfg, onScan: (s) => boxScans.push(s), onReject: (r) => rejects.push(r) });
    const detachBox = attachment(box) as () => void;
    detachAll = () => {
      detachWindow();
      detachBox();
    };
  }

  /** One key every `gap` ms on `target`; returns the events (defaultPrevented = the field never saw it). */
  function type(target: EventTarget, text: string, gap = 4): KeyboardEvent[] {
    return [...text].map((ch) => {
      const e = keydown(target, keyFor(ch));
      time.advance(gap);
      return e;
    });
  }

  beforeEach(() => {
    time = fakeTime();
    windowScans = [];
    boxScans = [];
    rejects = [];
    host = document.createElement('div');
    host.innerHTML = '<input id="box" type="text" aria-label="Scan" /><input id="note" type="text" aria-label="Note" />';
    document.body.append(host);
    box = host.querySelector<HTMLInputElement>('#box')!;
    note = host.querySelector<HTMLInputElement>('#note')!;
    setUp();
  });
  afterEach(() => {
    detachAll();
    host.remove();
  });

  it('marks the scan box as a scan target', () => {
    expect(box.hasAttribute('data-scan-target')).toBe(true);
    expect(note.hasAttribute('data-scan-target')).toBe(false);
  });

  it('reads the scan whole, types nothing into the box, and lets no key of it reach the box', () => {
    (document.activeElement as HTMLElement | null)?.blur();
    const head = type(document.body, 'WD-0000');
    box.focus();
    const tail = type(box, '41');
    const enter = keydown(box, { key: 'Enter', code: 'Enter' });
    expect(windowScans.map((s) => s.code)).toEqual(['WD-000041']);
    expect(boxScans).toEqual([]);
    expect(rejects).toEqual([]);
    expect(box.value).toBe('');
    // the first key could have been a person's (it reached the page, where it typed nothing)
    expect([...head.slice(1), ...tail, enter].every((e) => e.defaultPrevented)).toBe(true);
  });

  it('carries a GS1 code with its Shift keys and a CR+LF suffix, swallowing the LF in the box', () => {
    type(document.body, '(01)0400638', 3);
    box.focus();
    keydown(box, { key: 'Shift', code: 'ShiftLeft', shiftKey: true });
    time.advance(2);
    const shifted = keydown(box, { key: 'A', code: 'KeyA', shiftKey: true });
    time.advance(3);
    type(box, '133393', 3);
    const cr = keydown(box, { key: 'Enter', code: 'Enter' });
    time.advance(3);
    const lf = keydown(box, { key: 'Enter', code: 'Enter' });
    expect(windowScans.map((s) => s.code)).toEqual(['(01)0400638A133393']);
    expect([shifted, cr, lf].every((e) => e.defaultPrevented)).toBe(true);
    expect(boxScans).toEqual([]);
    expect(box.value).toBe('');
  });

  it('types a person’s clumped keys into the box when they turn out no scan: none is lost', () => {
    // Under load a person's "abcd" reaches the page two keys at a time, the focus moving home between.
    type(document.body, 'ab', 2);
    box.focus();
    type(box, 'cd', 2);
    time.advance(400); // the person pauses: no Enter came
    expect(box.value).toBe('abcd');
    expect(windowScans).toEqual([]);
    expect(boxScans).toEqual([]);
    expect(rejects).toEqual([]);
    // and their next key is the box's own
    const next = keydown(box, keyFor('e'));
    expect(next.defaultPrevented).toBe(false);
  });

  it('types a short clump into the box before its Enter reaches the box (a typed lookup, as without the move)', () => {
    type(document.body, 'a7', 2);
    box.focus();
    type(box, '1', 2);
    const enter = keydown(box, { key: 'Enter', code: 'Enter' });
    expect(box.value).toBe('a71');
    expect(enter.defaultPrevented).toBe(false);
    expect(windowScans).toEqual([]);
  });

  it('types the clump into the box before a person’s Backspace reaches it', () => {
    type(document.body, 'wd', 2);
    box.focus();
    box.value = 'x';
    box.setSelectionRange(1, 1);
    type(box, '-', 2);
    const backspace = keydown(box, { key: 'Backspace', code: 'Backspace' });
    expect(box.value).toBe('xwd-');
    expect(backspace.defaultPrevented).toBe(false);
  });

  it('never carries a burst into a field that is no scan target: those keys are the field’s', () => {
    type(document.body, 'ab', 2);
    note.focus();
    const typed = type(note, 'cdef', 2);
    const enter = keydown(note, { key: 'Enter', code: 'Enter' });
    expect(typed.some((e) => e.defaultPrevented)).toBe(false);
    expect(enter.defaultPrevented).toBe(false);
    expect(windowScans).toEqual([]);
    expect(note.value).toBe(''); // nothing handed anywhere: the field typed its own keys
    expect(box.value).toBe('');
  });

  it('does not carry a burst that had already stopped when the keys reached the box', () => {
    type(document.body, 'WD-0', 4);
    time.advance(60); // past the 50 ms limit
    box.focus();
    const typed = type(box, '00041', 3);
    const enter = keydown(box, { key: 'Enter', code: 'Enter' });
    expect(typed.some((e) => e.defaultPrevented)).toBe(false);
    expect(enter.defaultPrevented).toBe(true);
    expect(windowScans).toEqual([]);
    // the box's own detector read its own burst
    expect(boxScans.map((s) => s.code)).toEqual(['00041']);
  });

  it('without a suffix configured, a carried burst that goes quiet is a scan', () => {
    setUp({ suffix: 'None' });
    type(document.body, '40063', 3);
    box.focus();
    type(box, '81333931', 3);
    time.advance(200);
    expect(windowScans.map((s) => s.code)).toEqual(['4006381333931']);
    expect(box.value).toBe('');
  });

  it('types a carried burst that ends on the wrong suffix (Tab) into the box instead of refusing it, and lets the Tab through', () => {
    type(document.body, 'ABC', 3);
    box.focus();
    type(box, '123', 3);
    const tab = keydown(box, { key: 'Tab', code: 'Tab' });
    expect(rejects).toEqual([]);
    expect(windowScans).toEqual([]);
    expect(box.value).toBe('ABC123');
    expect(tab.defaultPrevented).toBe(false);
  });
});
