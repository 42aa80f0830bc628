/** Input types where typed characters belong to the field (the scanner detector stays out). */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image', 'hidden']);

/**
 * Marks a text field that is itself a scan target (the scan box): a scanner burst that began
 * outside any field may carry on into it (the focus moved there mid-burst), see detector.ts.
 */
export const SCAN_TARGET_ATTRIBUTE = 'data-scan-target';

/**
 * Marks a text field where a scan is the field's own input (a worker's badge number, the scanner
 * checks in Settings, which read the keys themselves): the window-wide detector leaves it alone.
 * Every other text field has a scan taken out of it and handled as a scan (detector.ts).
 */
export const SCAN_INPUT_ATTRIBUTE = 'data-scan-input';

/** True when keys pressed on `target` type into it: text inputs, textareas, contenteditable. */
export function isTextEntry(target: EventTarget | null): target is HTMLElement {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement) return !target.readOnly && !target.disabled;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type) && !target.readOnly && !target.disabled;
  return target.isContentEditable;
}

/** A text input marked as a scan target (SCAN_TARGET_ATTRIBUTE) that keys can type into. */
export function isScanTarget(target: EventTarget | null): target is HTMLInputElement {
  return target instanceof HTMLInputElement && target.hasAttribute(SCAN_TARGET_ATTRIBUTE) && isTextEntry(target);
}

/** A field that reads scans itself: a scan target or a field marked SCAN_INPUT_ATTRIBUTE. */
export function readsScans(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.hasAttribute(SCAN_TARGET_ATTRIBUTE) || target.hasAttribute(SCAN_INPUT_ATTRIBUTE));
}

/**
 * Types `text` into `field` at its caret, as the keys would have (replacing a selection, within
 * its maxlength), and tells bound state through an input event.
 */
export function typeInto(field: HTMLInputElement, text: string): void {
  if (text === '') return;
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  const room = field.maxLength >= 0 ? field.maxLength - (field.value.length - (end - start)) : text.length;
  const typed = [...text].slice(0, Math.max(0, room)).join('');
  if (typed === '') return;
  field.setRangeText(typed, start, end, 'end');
  field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: typed }));
}

/** The element that really receives the key, through open shadow roots. */
export function keyTarget(event: Event): EventTarget | null {
  const path = typeof event.composedPath === 'function' ? event.composedPath() : [];
  return path[0] ?? event.target;
}
