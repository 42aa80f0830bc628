import { isTextEntry, keyTarget } from '../scan/text-entry';

/**
 * Keys a person types while a screen switch moves the focus (F3, then "ORD-1000" quicker than the
 * new screen renders, or before its chunk has arrived) have no field to go to yet. They are kept
 * and typed into the field the screen puts the focus in, so none is lost: a POS sends every
 * keystroke to its input. A key the scanner detector swallowed means a scan was going on: what was
 * kept belongs to it, and is dropped.
 */
const KEEP_MS = 2_000;

export class KeysInTransit {
  #until = -Infinity;
  #chars = '';
  #scanned = false;

  /** A keyboard switch of screens has begun: keep what is typed until its field has the focus. */
  start(now = performance.now()): void {
    this.#until = now + KEEP_MS;
    this.#chars = '';
    this.#scanned = false;
  }

  /** For a window keydown listener added after the scanner detector's. */
  onKeydown(event: KeyboardEvent, now = performance.now()): void {
    if (now > this.#until) return;
    if (event.defaultPrevented) {
      this.#scanned = true;
      return;
    }
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey || isTextEntry(keyTarget(event))) return;
    this.#chars += event.key;
    event.preventDefault();
  }

  /** The screen's field has the focus: what was kept is typed into it, at the caret. */
  land(target: HTMLElement, now = performance.now()): void {
    const chars = this.#scanned || now > this.#until ? '' : this.#chars;
    this.#until = -Infinity;
    this.#chars = '';
    if (!chars || !(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) || !isTextEntry(target)) return;
    const at = target.selectionStart ?? target.value.length;
    target.setRangeText(chars, at, target.selectionEnd ?? at, 'end');
    target.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
