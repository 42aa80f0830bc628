/**
 * The keyboard layouts a desk (and a scanner's own layout setting) can have: which physical key
 * (`KeyboardEvent.code`) with which modifiers types which character. Only what label contents
 * need: digits, letters, and the symbols of GS1, carrier labels and URLs. From the layouts'
 * published charts (X11 xkb `us`, `fr`, `de`).
 */

export type LayoutName = 'us' | 'azerty' | 'qwertz';

export interface Stroke {
  code: string;
  shift: boolean;
  altGraph: boolean;
}

/** [code, unshifted, shifted, altGr]; null = nothing there; 'Dead' = a dead key. */
type Row = [code: string, plain: string | null, shifted: string | null, altGr?: string | null];

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function letters(swaps: Record<string, string>): Row[] {
  return [...LETTERS].map((l) => {
    const ch = swaps[l] ?? l;
    return [`Key${l}`, ch.toLowerCase(), ch.toUpperCase()];
  });
}

const US: Row[] = [
  ...letters({}),
  ['Digit1', '1', '!'], ['Digit2', '2', '@'], ['Digit3', '3', '#'], ['Digit4', '4', '$'], ['Digit5', '5', '%'],
  ['Digit6', '6', '^'], ['Digit7', '7', '&'], ['Digit8', '8', '*'], ['Digit9', '9', '('], ['Digit0', '0', ')'],
  ['Minus', '-', '_'], ['Equal', '=', '+'], ['BracketLeft', '[', '{'], ['BracketRight', ']', '}'], ['Backslash', '\\', '|'],
  ['Semicolon', ';', ':'], ['Quote', "'", '"'], ['Backquote', '`', '~'], ['Comma', ',', '<'], ['Period', '.', '>'], ['Slash', '/', '?'],
  ['Space', ' ', ' '],
];

const AZERTY: Row[] = [
  // A<->Q, Z<->W; M sits where US has ';'
  ...letters({ A: 'Q', Q: 'A', Z: 'W', W: 'Z' }).filter(([code]) => code !== 'KeyM'),
  ['Semicolon', 'm', 'M'],
  ['Digit1', '&', '1'], ['Digit2', 'é', '2', '~'], ['Digit3', '"', '3', '#'], ['Digit4', "'", '4', '{'], ['Digit5', '(', '5', '['],
  ['Digit6', '-', '6', '|'], ['Digit7', 'è', '7', '`'], ['Digit8', '_', '8', '\\'], ['Digit9', 'ç', '9', '^'], ['Digit0', 'à', '0', '@'],
  ['Minus', ')', '°', ']'], ['Equal', '=', '+', '}'], ['BracketLeft', 'Dead', 'Dead'], ['BracketRight', '$', '£'], ['Backslash', '*', 'µ'],
  ['Quote', 'ù', '%'], ['Backquote', '²', null], ['KeyM', ',', '?'], ['Comma', ';', '.'], ['Period', ':', '/'], ['Slash', '!', '§'],
  ['IntlBackslash', '<', '>'], ['Space', ' ', ' '],
];

const QWERTZ: Row[] = [
  ...letters({ Y: 'Z', Z: 'Y' }).map((r): Row => (r[0] === 'KeyQ' ? [r[0], r[1], r[2], '@'] : r)),
  ['Digit1', '1', '!'], ['Digit2', '2', '"'], ['Digit3', '3', '§'], ['Digit4', '4', '$'], ['Digit5', '5', '%'],
  ['Digit6', '6', '&'], ['Digit7', '7', '/', '{'], ['Digit8', '8', '(', '['], ['Digit9', '9', ')', ']'], ['Digit0', '0', '=', '}'],
  ['Minus', 'ß', '?', '\\'], ['Equal', 'Dead', 'Dead'], ['BracketLeft', 'ü', 'Ü'], ['BracketRight', '+', '*', '~'], ['Backslash', '#', "'"],
  ['Semicolon', 'ö', 'Ö'], ['Quote', 'ä', 'Ä'], ['Backquote', 'Dead', '°'], ['Comma', ',', ';'], ['Period', '.', ':'], ['Slash', '-', '_'],
  ['IntlBackslash', '<', '>', '|'], ['Space', ' ', ' '],
];

const ROWS: Record<LayoutName, Row[]> = { us: US, azerty: AZERTY, qwertz: QWERTZ };

export interface Layout {
  name: LayoutName;
  /** The key strokes that type `ch`, or undefined when the layout has no key for it. */
  strokeFor(ch: string): Stroke | undefined;
  /** What the layout types for a stroke (`event.key`): a character, 'Dead', or 'Unidentified'. */
  keyFor(stroke: Stroke): string;
}

function build(name: LayoutName): Layout {
  const byChar = new Map<string, Stroke>();
  const byStroke = new Map<string, string>();
  for (const [code, plain, shifted, altGr] of ROWS[name]) {
    const entries: [string | null | undefined, boolean, boolean][] = [
      [plain, false, false],
      [shifted, true, false],
      [altGr, false, true],
    ];
    for (const [ch, shift, altGraph] of entries) {
      if (ch == null) continue;
      byStroke.set(`${code}|${shift}|${altGraph}`, ch);
      if (ch !== 'Dead' && !byChar.has(ch)) byChar.set(ch, { code, shift, altGraph });
    }
  }
  return {
    name,
    strokeFor: (ch) => byChar.get(ch),
    keyFor: (s) => byStroke.get(`${s.code}|${s.shift}|${s.altGraph}`) ?? 'Unidentified',
  };
}

export const LAYOUTS: Record<LayoutName, Layout> = { us: build('us'), azerty: build('azerty'), qwertz: build('qwertz') };
