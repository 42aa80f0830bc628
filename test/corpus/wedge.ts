import { LAYOUTS, type LayoutName, type Stroke } from './layouts';

/**
 * What a USB keyboard-wedge scanner sends for a code: key strokes chosen with the scanner's own
 * layout setting, read by the desk's OS with the desk's layout. Pure data (no DOM), so the unit
 * tests turn it into KeyboardEvents and the end-to-end replay into X key events.
 */

export type GsMode = 'ctrl-bracket' | 'ctrl-shift-bracket' | 'ctrl-5' | 'f8' | 'substitute-f9' | 'alt-0029' | 'char' | 'dropped';
export type SuffixMode = 'enter' | 'tab' | 'cr-lf' | 'enter-ctrl-j' | 'none';

export interface WedgeSetup {
  /** The layout the scanner is set to type in. */
  scanner: LayoutName;
  /** The layout of the desk's OS. */
  desk: LayoutName;
  gs: GsMode;
  suffix: SuffixMode;
  /** Caps Lock is on at the desk. */
  capsLock?: boolean;
  /** Sent before each code (a configured scanner prefix). */
  prefix?: string;
}

export interface KeyStroke {
  type: 'keydown' | 'keyup';
  key: string;
  code: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  altGraph: boolean;
  capsLock: boolean;
}

const GS = '\u001d';

function stroke(partial: Partial<KeyStroke> & { key: string; code: string }, capsLock: boolean): KeyStroke {
  return { type: 'keydown', shiftKey: false, ctrlKey: false, altKey: false, altGraph: false, capsLock, ...partial };
}

function deskKey(setup: WedgeSetup, s: Stroke): string {
  let key = LAYOUTS[setup.desk].keyFor(s);
  // Caps Lock flips the case of letters (xkb: Lock applies to alphabetic keys).
  if (setup.capsLock && key.length === 1 && key.toLowerCase() !== key.toUpperCase()) key = key === key.toUpperCase() ? key.toLowerCase() : key.toUpperCase();
  return key;
}

function gsStrokes(setup: WedgeSetup): KeyStroke[] {
  const caps = setup.capsLock ?? false;
  const ctrl = (code: string, shiftKey = false): KeyStroke => {
    const s = { code, shift: shiftKey, altGraph: false };
    return stroke({ key: deskKey(setup, s), code, ctrlKey: true, shiftKey }, caps);
  };
  switch (setup.gs) {
    case 'ctrl-bracket':
      return [ctrl('BracketRight')];
    case 'ctrl-shift-bracket':
      return [ctrl('BracketRight', true)];
    case 'ctrl-5':
      return [ctrl('Digit5')];
    case 'f8':
      return [stroke({ key: 'F8', code: 'F8' }, caps)];
    case 'substitute-f9':
      return [stroke({ key: 'F9', code: 'F9' }, caps)];
    case 'alt-0029':
      return [
        stroke({ key: 'Alt', code: 'AltLeft', altKey: true }, caps),
        ...[...'0029'].map((d) => stroke({ key: d, code: `Numpad${d}`, altKey: true }, caps)),
        stroke({ type: 'keyup', key: 'Alt', code: 'AltLeft' }, caps),
      ];
    case 'char':
      return [stroke({ key: GS, code: '' }, caps)];
    case 'dropped':
      return [];
  }
}

function suffixStrokes(setup: WedgeSetup): KeyStroke[] {
  const caps = setup.capsLock ?? false;
  const enter = stroke({ key: 'Enter', code: 'Enter' }, caps);
  switch (setup.suffix) {
    case 'enter':
      return [enter];
    case 'tab':
      return [stroke({ key: 'Tab', code: 'Tab' }, caps)];
    case 'cr-lf':
      return [enter, enter];
    case 'enter-ctrl-j':
      return [enter, stroke({ key: deskKey(setup, { code: 'KeyJ', shift: false, altGraph: false }), code: 'KeyJ', ctrlKey: true }, caps)];
    case 'none':
      return [];
  }
}

/** The key strokes a wedge sends for `text` (GS as ASCII 29), suffix included. Throws when the scanner's layout cannot type a character. */
export function wedgeStrokes(text: string, setup: WedgeSetup): KeyStroke[] {
  const scanner = LAYOUTS[setup.scanner];
  const caps = setup.capsLock ?? false;
  const out: KeyStroke[] = [];
  for (const ch of `${setup.prefix ?? ''}${text}`) {
    if (ch === GS) {
      out.push(...gsStrokes(setup));
      continue;
    }
    const s = scanner.strokeFor(ch);
    if (!s) throw new Error(`a scanner set to ${setup.scanner} has no key for ${JSON.stringify(ch)}`);
    if (s.shift) out.push(stroke({ key: 'Shift', code: 'ShiftLeft', shiftKey: true }, caps));
    out.push(stroke({ key: deskKey(setup, s), code: s.code, shiftKey: s.shift, altGraph: s.altGraph }, caps));
  }
  out.push(...suffixStrokes(setup));
  return out;
}
