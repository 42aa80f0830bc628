/**
 * What a field held before a scanner's burst typed into it, to put back once the burst turns out
 * a scan: the text and the caret (or the selection) of an input, a textarea or a contenteditable,
 * the choice of a select (its type-ahead took the burst's first key). The field's owner hears of
 * it as of a person's edit (an input event; a change event for a select), so bound state follows.
 */
export interface FieldSnapshot {
  readonly field: HTMLElement;
  restore(): void;
}

export function snapshotField(field: HTMLElement): FieldSnapshot | null {
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) return textSnapshot(field);
  if (field instanceof HTMLSelectElement) return selectSnapshot(field);
  if (field.isContentEditable) return editableSnapshot(field);
  return null;
}

function textSnapshot(field: HTMLInputElement | HTMLTextAreaElement): FieldSnapshot {
  const value = field.value;
  // A number field has no caret (reading it throws in some input types, gives null in others).
  const caret = selectionOf(field);
  return {
    field,
    restore() {
      if (field.value !== value) {
        field.value = value;
        field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'deleteContent' }));
      }
      if (caret && document.activeElement === field) field.setSelectionRange(caret.start, caret.end, caret.direction);
    },
  };
}

function selectionOf(field: HTMLInputElement | HTMLTextAreaElement): { start: number; end: number; direction: 'forward' | 'backward' | 'none' } | null {
  try {
    if (field.selectionStart === null || field.selectionEnd === null) return null;
    return { start: field.selectionStart, end: field.selectionEnd, direction: field.selectionDirection ?? 'none' };
  } catch {
    return null;
  }
}

function selectSnapshot(field: HTMLSelectElement): FieldSnapshot {
  const index = field.selectedIndex;
  return {
    field,
    restore() {
      if (field.selectedIndex === index) return;
      field.selectedIndex = index;
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    },
  };
}

function editableSnapshot(field: HTMLElement): FieldSnapshot {
  const html = field.innerHTML;
  const caret = caretOffset(field);
  return {
    field,
    restore() {
      if (field.innerHTML === html) return;
      field.innerHTML = html;
      field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'deleteContent' }));
      if (caret !== null && field.contains(document.activeElement)) placeCaret(field, caret);
    },
  };
}

/** The caret as a count of characters into the field's text (the nodes are new after a restore). */
function caretOffset(field: HTMLElement): number | null {
  const selection = getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!field.contains(range.startContainer)) return null;
  const before = document.createRange();
  before.selectNodeContents(field);
  before.setEnd(range.startContainer, range.startOffset);
  return before.toString().length;
}

function placeCaret(field: HTMLElement, offset: number): void {
  const walker = document.createTreeWalker(field, NodeFilter.SHOW_TEXT);
  let left = offset;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.textContent?.length ?? 0;
    if (left <= length) {
      getSelection()?.collapse(node, left);
      return;
    }
    left -= length;
  }
  getSelection()?.collapse(field, field.childNodes.length);
}
