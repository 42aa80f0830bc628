/**
 * Physical key -> character, as a scanner means it. A USB scanner in keyboard-wedge mode sends
 * the key positions of a US keyboard; the OS layout (AZERTY, QWERTZ...) turns them into other
 * characters in `event.key` (AZERTY gives "&é\"'(" for "12345"). `event.code` names the physical
 * key, so reading it gives back what the scanner sent (open mSupply does the same).
 *
 * Digits ignore Shift on purpose: on AZERTY the digits need Shift, and scanners set up for such a
 * layout send Shift+Digit. Codes in the contract (SKUs, GTINs, GS1 strings, shipment tokens)
 * never contain the symbols that Shift+Digit gives on a US keyboard.
 */
const SHIFTED: Record<string, [plain: string, shifted: string]> = {
  Minus: ['-', '_'],
  Equal: ['=', '+'],
  Period: ['.', '>'],
  Comma: [',', '<'],
  Slash: ['/', '?'],
  Semicolon: [';', ':'],
  Quote: ["'", '"'],
  BracketLeft: ['[', '{'],
  BracketRight: [']', '}'],
  Backslash: ['\\', '|'],
  Backquote: ['`', '~'],
  Space: [' ', ' '],
};
const NUMPAD: Record<string, string> = {
  NumpadDecimal: '.',
  NumpadSubtract: '-',
  NumpadAdd: '+',
  NumpadMultiply: '*',
  NumpadDivide: '/',
};

/** Keys that only modify others: they neither add a character nor break a burst. */
export const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock', 'NumLock', 'ScrollLock', 'Fn', 'OS']);

export interface KeyLike {
  code: string;
  key: string;
  shiftKey: boolean;
  getModifierState?: (key: string) => boolean;
}

/**
 * The character a key stands for, or null when it is not a character (arrows, F-keys, Escape).
 * Falls back to `event.key` when the code is unknown (virtual keyboards, some scanners' ALT-codes).
 */
export function charForKey(e: KeyLike): string | null {
  const code = e.code;
  if (/^Digit[0-9]$/.test(code)) return code.slice(5);
  if (/^Numpad[0-9]$/.test(code)) return code.slice(6);
  if (/^Key[A-Z]$/.test(code)) {
    const letter = code.slice(3);
    // When the layout agrees with the physical key, the OS already applied Shift and Caps Lock
    // (and some wedges and automation send the character without a Shift flag): trust its case.
    if (e.key.length === 1 && e.key.toUpperCase() === letter) return e.key;
    const caps = e.getModifierState?.('CapsLock') ?? false;
    return e.shiftKey !== caps ? letter : letter.toLowerCase();
  }
  const pair = SHIFTED[code];
  if (pair) return e.key === pair[0] || e.key === pair[1] ? e.key : e.shiftKey ? pair[1] : pair[0];
  const numpad = NUMPAD[code];
  if (numpad) return numpad;
  // Unknown physical key: trust a single printable character in `key`.
  if (e.key.length === 1) return e.key;
  if ([...e.key].length === 1) return e.key; // one astral character
  return null;
}

/** A control character (C0, DEL, C1) or the replacement character for an unreadable key. */
export function isControlChar(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0xfffd;
}
