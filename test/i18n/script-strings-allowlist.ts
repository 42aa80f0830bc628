/**
 * Texts in the renderer's code that the script-strings check finds but that are no words for the
 * catalogue, each with why. Matched by file and text (`.message` for a raw message shown as it is).
 */
export const SCRIPT_STRINGS_ALLOWED: ReadonlyArray<{ file: string; text: string; why: string }> = [
  // Label sizes: figures and units, the same in every language.
  { file: 'src/renderer/src/screens/labels/label-choices.ts', text: '62 × 29 mm', why: 'a size' },
  { file: 'src/renderer/src/screens/labels/label-choices.ts', text: '57 × 32 mm', why: 'a size' },
  { file: 'src/renderer/src/screens/labels/label-choices.ts', text: '100 × 150 mm', why: 'a size' },
  { file: 'src/renderer/src/screens/labels/label-choices.ts', text: '4 × 6 in', why: 'a size' },
  // The scan detector's refusals are worded from the catalogue where they are made (scan/detector.ts).
  { file: 'src/renderer/src/screens/scan/AnswerCard.svelte', text: '.message', why: "the detector's refusal, from the catalogue" },
  { file: 'src/renderer/src/screens/settings/ScannerTest.svelte', text: '.message', why: "the detector's refusal, from the catalogue" },
  // An exception's text is the error's technical detail; ErrorNotice words the error from its code.
  { file: 'src/renderer/src/screens/stock/stock-pages.svelte.ts', text: '.message', why: 'technical detail of an internal_error' },
  // Main's English for a notice code this version does not know: better than losing the notice.
  { file: 'src/renderer/src/shell/notice-text.ts', text: '.message', why: 'fallback for an unknown notice code' },
  // Main's English for a refusal code this version does not know, or a journal line written before the codes.
  { file: 'src/renderer/src/ui/refusal-text.ts', text: '.problem', why: 'fallback for an unknown refusal code' },
  { file: 'src/renderer/src/screens/journal/journal-details.ts', text: '.summary', why: 'a journal line written before lines were stored as data' },
  // A refused field's English, folded away under "Technical details" with lang="en", beside the error's own sentence.
  { file: 'src/renderer/src/ui/ErrorNotice.svelte', text: '.problem', why: 'technical detail of a validation error' },
];
