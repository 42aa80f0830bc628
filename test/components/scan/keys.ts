/** Synthetic key events and a fake clock for the scanner tests (no real waiting anywhere). */
import type { KeyStroke } from '../../corpus/wedge';

export interface FakeTime {
  now: () => number;
  schedule: (fn: () => void, ms: number) => () => void;
  advance: (ms: number) => void;
}

export function fakeTime(): FakeTime {
  let t = 1000;
  let tasks: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  return {
    now: () => t,
    schedule(fn, ms) {
      const id = nextId++;
      tasks.push({ at: t + ms, fn, id });
      return () => {
        tasks = tasks.filter((x) => x.id !== id);
      };
    },
    advance(ms) {
      const end = t + ms;
      for (;;) {
        const due = tasks.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        tasks = tasks.filter((x) => x.id !== due.id);
        t = Math.max(t, due.at);
        due.fn();
      }
      t = end;
    },
  };
}

/** The US-layout physical key of a character, as a scanner sends it. */
export function keyFor(ch: string): { key: string; code: string; shiftKey: boolean } {
  if (/^[0-9]$/.test(ch)) return { key: ch, code: `Digit${ch}`, shiftKey: false };
  if (/^[a-z]$/.test(ch)) return { key: ch, code: `Key${ch.toUpperCase()}`, shiftKey: false };
  if (/^[A-Z]$/.test(ch)) return { key: ch, code: `Key${ch}`, shiftKey: true };
  const table: Record<string, { code: string; shiftKey: boolean }> = {
    '-': { code: 'Minus', shiftKey: false },
    _: { code: 'Minus', shiftKey: true },
    '.': { code: 'Period', shiftKey: false },
    ' ': { code: 'Space', shiftKey: false },
    '(': { code: 'Digit9', shiftKey: true },
    ')': { code: 'Digit0', shiftKey: true },
    '%': { code: 'Digit5', shiftKey: true },
  };
  const k = table[ch];
  if (!k) throw new Error(`no key for ${ch}`);
  return { key: ch, ...k };
}

export function keydown(target: EventTarget, init: KeyboardEventInit): KeyboardEvent {
  const e = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, composed: true, ...init });
  target.dispatchEvent(e);
  return e;
}

/** Types `text` as a scanner would: one keydown per character, `gapMs` apart, then the suffix. */
export function scanInto(target: EventTarget, time: FakeTime, text: string, opts: { gapMs?: number; suffix?: 'Enter' | 'Tab' | null } = {}): KeyboardEvent[] {
  const gap = opts.gapMs ?? 4;
  const events: KeyboardEvent[] = [];
  for (const ch of text) {
    events.push(keydown(target, keyFor(ch)));
    time.advance(gap);
  }
  const suffix = opts.suffix === undefined ? 'Enter' : opts.suffix;
  if (suffix) events.push(keydown(target, { key: suffix, code: suffix }));
  return events;
}

/** Replays a wedge's key strokes (test/corpus/wedge.ts) as KeyboardEvents, `gapMs` apart. */
export function replay(target: EventTarget, time: FakeTime, strokes: readonly KeyStroke[], gapMs = 3): KeyboardEvent[] {
  const events: KeyboardEvent[] = [];
  for (const s of strokes) {
    const e = new KeyboardEvent(s.type, {
      bubbles: true,
      cancelable: true,
      composed: true,
      key: s.key,
      code: s.code,
      shiftKey: s.shiftKey,
      ctrlKey: s.ctrlKey,
      altKey: s.altKey,
      modifierAltGraph: s.altGraph,
      modifierCapsLock: s.capsLock,
    });
    target.dispatchEvent(e);
    events.push(e);
    // modifiers and key-ups cost no time of their own: the gap is between characters
    if (s.type === 'keydown' && !['Shift', 'Alt', 'Control'].includes(s.key)) time.advance(gapMs);
  }
  return events;
}

/**
 * A key as the browser takes it, for synthetic events (which do nothing by themselves): dispatched,
 * then, unless something prevented it, a character typed at the caret, Enter in an input submitting
 * its form (implicit submission) or in a textarea breaking the line.
 */
export function pressLikeBrowser(target: EventTarget, init: KeyboardEventInit & { key: string }): KeyboardEvent {
  const e = keydown(target, init);
  if (e.defaultPrevented || !(target instanceof HTMLElement)) return e;
  if (e.key === 'Enter') {
    if (target instanceof HTMLTextAreaElement) typeAtCaret(target, '\n');
    else if (target instanceof HTMLInputElement && target.form) target.form.requestSubmit();
  } else if ([...e.key].length === 1 && !e.ctrlKey && !e.metaKey) typeAtCaret(target, e.key);
  return e;
}

function typeAtCaret(target: HTMLElement, text: string): void {
  if (target instanceof HTMLInputElement && target.type === 'number') {
    // a number field has no caret to type at: it appends, and refuses what is no number
    if (/^[0-9]$/.test(text)) target.value += text;
    else target.value = '';
  } else if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
    const start = target.selectionStart ?? target.value.length;
    target.setRangeText(text, start, target.selectionEnd ?? start, 'end');
  } else {
    if (target.isContentEditable) document.execCommand('insertText', false, text);
    return;
  }
  target.dispatchEvent(new InputEvent('input', { bubbles: true, data: text, inputType: 'insertText' }));
}

/**
 * A scanner burst on `target`: every key event is made before the first is dispatched, so their
 * time stamps are microseconds apart as a scanner's are, however long a busy page takes to handle
 * each one (the detector reads the stamp, not the clock at handling).
 */
export function scanBurst(target: EventTarget, code: string): KeyboardEvent[] {
  const init = { bubbles: true, cancelable: true, composed: true };
  const events = [...[...code].map((ch) => new KeyboardEvent('keydown', { ...init, ...keyFor(ch) })), new KeyboardEvent('keydown', { ...init, key: 'Enter', code: 'Enter' })];
  for (const e of events) target.dispatchEvent(e);
  return events;
}
