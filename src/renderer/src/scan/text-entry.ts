/** Input types where typed characters belong to the field (the scanner detector stays out). */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image', 'hidden']);

/** True when keys pressed on `target` type into it: text inputs, textareas, contenteditable. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement) return !target.readOnly && !target.disabled;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type) && !target.readOnly && !target.disabled;
  return target.isContentEditable;
}

/** The element that really receives the key, through open shadow roots. */
export function keyTarget(event: Event): EventTarget | null {
  const path = typeof event.composedPath === 'function' ? event.composedPath() : [];
  return path[0] ?? event.target;
}
