/** The longest note the API accepts (resources/openapi.yaml, AdjustStockRequest.note). */
const NOTE_LIMIT = 500;

/**
 * The note sent with an adjustment carries who made it, the one place the contract allows: the
 * worker's tag comes first so that cutting a long note to the limit never drops it.
 */
export function signNote(note: string | undefined, worker: string | null): string | undefined {
  if (worker === null) return note;
  const tag = `[by ${worker}]`;
  const text = note?.trim() ? `${tag} ${note}` : tag;
  return text.length > NOTE_LIMIT ? text.slice(0, NOTE_LIMIT) : text;
}
