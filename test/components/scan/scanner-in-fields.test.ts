import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScanDetector, type DetectedScan, type RejectedBurst, type ScannerConfig } from '../../../src/renderer/src/scan/detector';
import { fakeTime, keyFor, pressLikeBrowser, type FakeTime } from './keys';

/**
 * One rule for scanner input (docs/scanning.md): in any text field a burst recognised as a scan is
 * taken out of the field (what was there stays, the caret goes back), its Enter is swallowed (no
 * form is submitted) and the code is handed on as a scan; a person's keys at a person's pace, and
 * fields that read scans themselves, are left alone. The window-wide detector as App.svelte wires
 * it, fake time, synthetic keys whose default action (typing, a form's implicit submission, Tab)
 * this file performs itself when nothing prevented it, as the browser would.
 */
const config: ScannerConfig = { maxInterKeyMs: 50, minLength: 4, prefix: '', suffix: 'Enter' };

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLElement;

describe('a scan in a text field', () => {
  let time: FakeTime;
  let scans: DetectedScan[];
  let rejects: RejectedBurst[];
  let submits: number;
  let tabs: number;
  let host: HTMLDivElement;
  let detach: () => void;

  function setUp(c: Partial<ScannerConfig> = {}): void {
    detach?.();
    const detector = new ScanDetector({ config: { ...config, ...c }, onScan: (s) => scans.push(s), onReject: (r) => rejects.push(r), now: time.now, schedule: time.schedule });
    detach = detector.attach(window);
  }

  /** The browser's part of a key (keys.ts); a Tab not prevented moves the focus on. */
  function press(target: Field, init: KeyboardEventInit & { key: string }): KeyboardEvent {
    const e = pressLikeBrowser(target, init);
    if (e.key === 'Tab' && !e.defaultPrevented) tabs += 1;
    return e;
  }

  /** `text` one key every `gap` ms, then `end` (Enter by default) `endGap` ms after the last. */
  function type(target: Field, text: string, opts: { gap?: number; end?: string | null } = {}): KeyboardEvent[] {
    const gap = opts.gap ?? 4;
    const events = [...text].map((ch) => {
      const e = press(target, keyFor(ch));
      time.advance(gap);
      return e;
    });
    const end = opts.end === undefined ? 'Enter' : opts.end;
    if (end) events.push(press(target, { key: end, code: end }));
    return events;
  }

  function field<T extends Field>(html: string): T {
    host.innerHTML = `<form>${html}<button type="submit">Book</button></form>`;
    host.querySelector('form')!.addEventListener('submit', (e) => {
      e.preventDefault();
      submits += 1;
    });
    const el = host.querySelector<T>('[data-field]')!;
    el.focus();
    return el;
  }

  beforeEach(() => {
    time = fakeTime();
    scans = [];
    rejects = [];
    submits = 0;
    tabs = 0;
    host = document.createElement('div');
    document.body.append(host);
    setUp();
  });
  afterEach(() => {
    detach();
    host.remove();
  });

  it('takes a scan out of a note: what was typed stays, the caret goes back, nothing is submitted', () => {
    const note = field<HTMLInputElement>('<input data-field aria-label="Note" />');
    type(note, 'pallet ', { gap: 150, end: null });
    time.advance(300);
    const keys = type(note, '4WD-000100');
    expect(scans.map((s) => s.code)).toEqual(['4WD-000100']);
    expect(note.value).toBe('pallet ');
    expect([note.selectionStart, note.selectionEnd]).toEqual([7, 7]);
    expect(keys.at(-1)!.defaultPrevented).toBe(true);
    expect(submits).toBe(0);
    expect(rejects).toEqual([]);
    // the person's next key types on where they left off
    time.advance(400);
    type(note, 'x', { end: null });
    expect(note.value).toBe('pallet x');
  });

  it('puts back a caret in the middle of the text, and a selection typed over', () => {
    const ref = field<HTMLInputElement>('<input data-field aria-label="Reference" />');
    ref.value = 'ORD-1042';
    ref.setSelectionRange(4, 6);
    type(ref, '4006381333931');
    expect(scans.map((s) => s.code)).toEqual(['4006381333931']);
    expect(ref.value).toBe('ORD-1042');
    expect([ref.selectionStart, ref.selectionEnd]).toEqual([4, 6]);
  });

  it('tells the field’s owner that its value went back (bound state follows)', () => {
    const filter = field<HTMLInputElement>('<input type="search" data-field aria-label="Reference" />');
    const seen: string[] = [];
    filter.addEventListener('input', () => seen.push(filter.value));
    type(filter, 'SKU-00042');
    expect(scans.map((s) => s.code)).toEqual(['SKU-00042']);
    expect(seen.at(-1)).toBe('');
  });

  it('in a number field: the quantity stays', () => {
    const qty = field<HTMLInputElement>('<input type="number" data-field aria-label="Quantity" />');
    qty.value = '12';
    type(qty, '4006381333931');
    expect(scans.map((s) => s.code)).toEqual(['4006381333931']);
    expect(qty.value).toBe('12');
    expect(submits).toBe(0);
  });

  it('in a textarea: no line break is left by the Enter, the text stays', () => {
    const area = field<HTMLTextAreaElement>('<textarea data-field aria-label="Comment"></textarea>');
    area.value = 'torn wrap';
    area.setSelectionRange(9, 9);
    type(area, 'SKU-00042');
    expect(scans.map((s) => s.code)).toEqual(['SKU-00042']);
    expect(area.value).toBe('torn wrap');
  });

  it('in a contenteditable: the text stays', () => {
    const div = field<HTMLElement>('<div contenteditable="true" data-field aria-label="Remark">ok</div>');
    const range = document.createRange();
    range.setStart(div.firstChild!, 2);
    range.collapse(true);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    type(div, 'SKU-00042');
    expect(scans.map((s) => s.code)).toEqual(['SKU-00042']);
    expect(div.textContent).toBe('ok');
  });

  it('swallows the LF of a CR+LF suffix too', () => {
    const note = field<HTMLInputElement>('<input data-field aria-label="Note" />');
    type(note, 'SKU-00042', { gap: 3 });
    time.advance(3);
    const lf = press(note, { key: 'Enter', code: 'Enter' });
    expect(lf.defaultPrevented).toBe(true);
    expect(submits).toBe(0);
    expect(scans.map((s) => s.code)).toEqual(['SKU-00042']);
  });

  it('with a Tab suffix: the Tab moves nowhere', () => {
    setUp({ suffix: 'Tab' });
    const note = field<HTMLInputElement>('<input data-field aria-label="Note" />');
    type(note, 'SKU-00042', { end: 'Tab' });
    expect(scans.map((s) => s.code)).toEqual(['SKU-00042']);
    expect(tabs).toBe(0);
    expect(note.value).toBe('');
  });

  it('a person typing at a person’s pace: every key typed, Enter submits, nothing is a scan', () => {
    const note = field<HTMLInputElement>('<input data-field aria-label="Note" />');
    const keys = type(note, 'SKU-00042', { gap: 150 });
    expect(note.value).toBe('SKU-00042');
    expect(keys.some((e) => e.defaultPrevented)).toBe(false);
    expect(submits).toBe(1);
    expect(scans).toEqual([]);
  });

  it('a person’s quick short word with Enter is theirs (shorter than a code)', () => {
    const qty = field<HTMLInputElement>('<input data-field aria-label="Quantity" />');
    type(qty, '120', { gap: 20 });
    expect(qty.value).toBe('120');
    expect(submits).toBe(1);
    expect(scans).toEqual([]);
  });

  it('a person’s quick word that pauses before Enter is theirs, and no refusal is shown for it', () => {
    const note = field<HTMLInputElement>('<input data-field aria-label="Note" />');
    type(note, 'torn', { gap: 20, end: null });
    time.advance(400);
    type(note, '', { end: 'Enter' });
    expect(note.value).toBe('torn');
    expect(submits).toBe(1);
    expect(scans).toEqual([]);
    expect(rejects).toEqual([]);
  });

  it('a quick word ended by a key that is no suffix (Tab with Enter set) is the person’s: typed, the Tab moves on, no refusal', () => {
    const note = field<HTMLInputElement>('<input data-field aria-label="Note" />');
    const keys = type(note, 'torn', { gap: 20, end: 'Tab' });
    expect(note.value).toBe('torn');
    expect(keys.at(-1)!.defaultPrevented).toBe(false);
    expect(tabs).toBe(1);
    expect(scans).toEqual([]);
    expect(rejects).toEqual([]);
  });

  it('a fast burst that was already going on outside the field is no scan here: its tail is the field’s (clumped keys of a loaded page)', () => {
    const note = field<HTMLInputElement>('<input data-field aria-label="Note" />');
    note.blur();
    type(document.body, 'ab', { gap: 2, end: null });
    note.focus();
    const keys = type(note, 'cdef', { gap: 2 });
    expect(keys.some((e) => e.defaultPrevented)).toBe(false);
    expect(note.value).toBe('cdef');
    expect(submits).toBe(1);
    expect(scans).toEqual([]);
  });

  it('leaves a field that reads scans itself alone (data-scan-input: a badge number, the scanner checks in Settings)', () => {
    const badge = field<HTMLInputElement>('<input data-field data-scan-input aria-label="Badge" />');
    const keys = type(badge, 'BADGE-0042');
    expect(keys.some((e) => e.defaultPrevented)).toBe(false);
    expect(badge.value).toBe('BADGE-0042');
    expect(scans).toEqual([]);
    expect(submits).toBe(1);
  });

  it('without a suffix set, keys in a field stay the field’s: a fast typist’s word would else vanish', () => {
    setUp({ suffix: 'None' });
    const note = field<HTMLInputElement>('<input data-field aria-label="Note" />');
    type(note, 'that', { gap: 30, end: null });
    time.advance(400);
    expect(note.value).toBe('that');
    expect(scans).toEqual([]);
  });

  it('a scan on a select changes no choice (its first key would pick by type-ahead)', () => {
    host.innerHTML = '<select data-field aria-label="Carrier"><option value="">Choose</option><option value="dhl">DHL</option><option value="4">4 days</option></select>';
    const select = host.querySelector<HTMLSelectElement>('select')!;
    select.value = 'dhl';
    select.focus();
    const changes: string[] = [];
    select.addEventListener('change', () => changes.push(select.value));
    // the browser's type-ahead on the first key, which the detector cannot tell from a person's
    const first = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...keyFor('4') });
    select.dispatchEvent(first);
    if (!first.defaultPrevented) {
      select.value = '4';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    time.advance(4);
    type(select, '006381333931');
    expect(scans.map((s) => s.code)).toEqual(['4006381333931']);
    expect(select.value).toBe('dhl');
    expect(changes.at(-1)).toBe('dhl');
  });
});
