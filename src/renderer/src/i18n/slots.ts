/**
 * Sentences with markup inside (a bold SKU, a link) stay one message: the message is rendered
 * with a marker in place of each marked-up part, and <Sentence> puts the part's snippet where the
 * marker landed, so each language orders the words its own way and nothing is concatenated.
 */
const OPEN = '\uE000';
const CLOSE = '\uE001';

export function slot(name: string): string {
  return `${OPEN}${name}${CLOSE}`;
}

export type Part = { text: string; slot?: never } | { slot: string; text?: never };

export function splitSlots(text: string): Part[] {
  const parts: Part[] = [];
  const re = new RegExp(`${OPEN}([A-Za-z0-9_]+)${CLOSE}`, 'g');
  let last = 0;
  for (let hit = re.exec(text); hit; hit = re.exec(text)) {
    if (hit.index > last) parts.push({ text: text.slice(last, hit.index) });
    parts.push({ slot: hit[1] ?? '' });
    last = hit.index + hit[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
