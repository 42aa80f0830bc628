/**
 * Key -> character, as a keyboard-wedge scanner means it. A scanner types key positions: most are
 * set to the US layout, some to the desk's own (AZERTY, QWERTZ). The OS turns positions into
 * characters with the desk's layout (`event.key`), so a US-set scanner on an AZERTY desk gives
 * "&é\"'(" for "12345". `event.code` names the physical key: read with the US table it gives back
 * what a US-set scanner meant, Shift included (`%` is Shift+5, `(` Shift+9).
 *
 * Which of the two readings is right is a property of the scanner, not of one key, so the detector
 * decides per burst from the evidence its keys give (`evidenceOf`), and remembers the decision
 * for bursts that give none.
 */
const US_KEYS: Record<string, [plain: string, shifted: string]> = {
  Digit1: ['1', '!'],
  Digit2: ['2', '@'],
  Digit3: ['3', '#'],
  Digit4: ['4', '$'],
  Digit5: ['5', '%'],
  Digit6: ['6', '^'],
  Digit7: ['7', '&'],
  Digit8: ['8', '*'],
  Digit9: ['9', '('],
  Digit0: ['0', ')'],
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
  IntlBackslash: ['\\', '|'],
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

/** ASCII 29, the GS1 group separator (FNC1 between elements). */
export const GS = '\u001d';

export interface KeyLike {
  code: string;
  key: string;
  shiftKey: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  getModifierState?: (key: string) => boolean;
}

/** The two readings of one key: by US key position, and as the desk's layout typed it. */
export interface KeyReading {
  us: string | null;
  desk: string | null;
}

/** Which reading a key argues for: 'desk' when the scanner plainly follows the desk's layout. */
export type Evidence = 'us' | 'desk' | null;

function singleChar(key: string): string | null {
  return [...key].length === 1 ? key : null;
}

function capsLockOn(e: KeyLike): boolean {
  return e.getModifierState?.('CapsLock') ?? false;
}

/** The character of `e` read as a US key position (null: not a character, e.g. an arrow or F-key). */
export function usCharForKey(e: KeyLike): string | null {
  const code = e.code;
  if (/^Numpad[0-9]$/.test(code)) return code.slice(6);
  if (/^Key[A-Z]$/.test(code)) {
    const letter = code.slice(3);
    // When the layout agrees with the physical key and Caps Lock is off, the OS case is the
    // scanner's (some wedges and automation send the character without a Shift flag).
    if (!capsLockOn(e) && e.key.length === 1 && e.key.toUpperCase() === letter) return e.key;
    return e.shiftKey ? letter : letter.toLowerCase();
  }
  const pair = US_KEYS[code];
  if (pair) {
    // The shifted character in `key` is the scanner's even without a Shift flag (some wedges and
    // automation send none); the plain one only without Shift (AZERTY types digits with Shift).
    if (e.key === pair[1] || (e.key === pair[0] && !e.shiftKey)) return e.key;
    return e.shiftKey ? pair[1] : pair[0];
  }
  const numpad = NUMPAD[code];
  if (numpad) return numpad;
  // Unknown physical key (virtual keyboards, some wedges' ALT codes): trust `key`.
  return singleChar(e.key);
}

export function readKey(e: KeyLike): KeyReading {
  const us = usCharForKey(e);
  let desk = singleChar(e.key);
  // Caps Lock flips the case of letters the desk types; a scanner never means that.
  if (desk && capsLockOn(e) && desk.toLowerCase() !== desk.toUpperCase()) desk = e.shiftKey ? desk.toUpperCase() : desk.toLowerCase();
  return { us, desk: desk ?? us };
}

/**
 * What one key says about the scanner's layout. Codes are ASCII, and a scanner that follows the
 * desk's layout sends only the code's characters, so:
 * - Shift+digit key giving that digit (AZERTY): the scanner knows the desk needs Shift for digits
 *   (a US-set scanner's Shift+digit symbols give it too, but codes hold far more digits);
 * - a key giving a non-ASCII character (é, è, ç, à on AZERTY's digit row, ß, ü on QWERTZ) or a
 *   dead key: the scanner types US positions the desk reads otherwise.
 * An unshifted digit key giving `&"'(-_` says nothing: AZERTY-set scanners type those there.
 */
export function evidenceOf(e: KeyLike): Evidence {
  // The desk's layout has no character there without a second key: a layout-following scanner never sends that.
  // (In a text field an input method may report the dead key, and the key after it, as 'Process'.)
  if (e.key === 'Dead' || e.key === 'Process') return 'us';
  const key = singleChar(e.key);
  if (key === null) return null;
  const digit = /^Digit([0-9])$/.exec(e.code)?.[1];
  if (digit !== undefined && !(e.getModifierState?.('AltGraph') ?? false) && e.shiftKey && key === digit) return 'desk';
  if (key.charCodeAt(0) > 0x7e) return 'us';
  return null;
}

/**
 * The ways wedges send the GS1 group separator (ASCII 29): the character itself, Ctrl+] (US),
 * Ctrl+Shift+] or Ctrl+5 (other layouts' mappings), F8 (a common substitute), or the key the
 * worker configured as its substitute.
 */
export function isGroupSeparatorKey(e: KeyLike, substitute: string | undefined): boolean {
  if (e.key === GS) return true;
  if (e.ctrlKey && !e.altKey && (e.code === 'BracketRight' || e.key === ']' || e.key === '}' || e.code === 'Digit5')) return true;
  if (e.key === 'F8' && !e.ctrlKey && !e.altKey) return true;
  return substitute !== undefined && substitute !== '' && (e.key === substitute || e.code === substitute);
}

/** Ctrl+J (LF) and Ctrl+M (CR): the control characters of a CR+LF suffix typed as keys. */
export function isLineEndKey(e: KeyLike): boolean {
  return e.key === 'Enter' || e.code === 'NumpadEnter' || (e.ctrlKey === true && !e.altKey && (e.code === 'KeyJ' || e.code === 'KeyM'));
}

/** A control character (C0, DEL, C1) or the replacement character for an unreadable key; GS is judged by the parser. */
export function isControlChar(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return (c < 0x20 && c !== 0x1d) || (c >= 0x7f && c <= 0x9f) || c === 0xfffd;
}

/** A key's name as the worker would say it ("Ctrl+B", "F9"). */
export function keyName(e: KeyLike): string {
  const parts = [];
  if (e.ctrlKey) parts.push('Ctrl');
  if (e.altKey) parts.push('Alt');
  if (e.shiftKey && e.key.length > 1) parts.push('Shift');
  parts.push(e.key.length === 1 ? e.key.toUpperCase() : e.key || e.code);
  return parts.join('+');
}
