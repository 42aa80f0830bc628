/** The longest note the API accepts (resources/openapi.yaml, AdjustStockRequest.note). */
const NOTE_LIMIT = 500;

/**
 * The note sent with an adjustment carries who made it, and the supervisor who approved it, the one
 * place the contract allows: the tags come first so that cutting a long note to the limit never drops them.
 */
export function signNote(note: string | undefined, worker: string | null, approver: string | null = null): string | undefined {
  if (worker === null && approver === null) return note;
  const tag = [worker === null ? null : `[by ${worker}]`, approver === null ? null : `[approved by ${approver}]`].filter((t) => t !== null).join(' ');
  const text = note?.trim() ? `${tag} ${note}` : tag;
  return text.length > NOTE_LIMIT ? text.slice(0, NOTE_LIMIT) : text;
}
