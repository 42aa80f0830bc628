/**
 * Text on a thermal label, in the printer's scalable font 0 (a bold condensed sans). ZPL has no
 * way to ask how wide a string prints, so widths are estimated per character on the wide side:
 * a line we lay out is never wider on paper than the box it was fitted to.
 */

const NARROW = new Set([...' .,:;|!\'`iIjlft()[]{}/\\-']);
const WIDE = new Set([...'MWmw@%&']);

/** Width of one character in font 0, as a share of the font's height. */
function charWidth(c: string): number {
  if (NARROW.has(c)) return 0.36;
  if (WIDE.has(c)) return 0.86;
  const code = c.codePointAt(0) ?? 0;
  if (code > 0x2e7f) return 1; // CJK and other full-width scripts print about square
  if (c >= 'A' && c <= 'Z') return 0.64;
  return 0.58;
}

export function textWidth(text: string, height: number): number {
  let sum = 0;
  for (const c of text) sum += charWidth(c);
  return Math.ceil(sum * height);
}

/** Greedy word wrap into lines at most `width` dots wide; a word wider than a line is broken between characters. */
export function wrap(text: string, height: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (textWidth(joined, height) <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const c of word) {
      if (line && textWidth(line + c, height) > width) {
        lines.push(line);
        line = '';
      }
      line += c;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface FittedText {
  /** Font height in dots. */
  height: number;
  lines: string[];
}

/**
 * The largest of `heights` at which the text wraps into `maxLines` lines of `width` dots. At the
 * smallest the lines that do not fit are cut, the last one ending in three dots when `ellipsis`
 * (a product's name may; a SKU or reference may not, and its caller gives it the lines it needs).
 */
export function fitText(text: string, width: number, maxLines: number, heights: readonly number[], ellipsis = true): FittedText {
  // A code a person types off the label (SKU, GTIN, reference) reads best unbroken: smaller on
  // one line first, wrapped only when even the smallest size does not fit.
  if (!ellipsis) {
    const oneLine = heights.find((height) => textWidth(text, height) <= width);
    if (oneLine !== undefined) return { height: oneLine, lines: [text] };
  }
  for (const height of heights) {
    const lines = wrap(text, height, width);
    if (lines.length <= maxLines) return { height, lines };
  }
  const height = heights[heights.length - 1] as number;
  const lines = wrap(text, height, width).slice(0, maxLines);
  if (ellipsis && lines.length > 0) {
    let last = lines[lines.length - 1] as string;
    while (last && textWidth(`${last}...`, height) > width) last = [...last].slice(0, -1).join('');
    lines[lines.length - 1] = `${last.trimEnd()}...`;
  }
  return { height, lines };
}

/**
 * A field's data for `^FH`: every byte ZPL would read as a command (`^`, `~`), the hex escape
 * itself (`_`) and control characters sent as `_XX`, so no name or SKU can end the field early
 * or inject a command. Under `^CI28` the printer reads the rest as UTF-8.
 */
export function fieldData(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.charCodeAt(0);
    out += c === '^' || c === '~' || c === '_' || c === '\\' || code < 0x20 || code === 0x7f ? `_${code.toString(16).padStart(2, '0').toUpperCase()}` : c;
  }
  return out;
}

/** One text block: the lines laid out from (x, y), each `lineGap` dots apart. */
export function textBlock(x: number, y: number, width: number, fitted: FittedText, justify: 'L' | 'C' = 'L'): { zpl: string; height: number } {
  const pitch = Math.ceil(fitted.height * 1.12);
  const zpl = fitted.lines
    .map((line, i) => `^FO${x},${y + i * pitch}^A0N,${fitted.height},${fitted.height}^FB${width},1,0,${justify}^FH_^FD${fieldData(line)}^FS`)
    .join('');
  return { zpl, height: fitted.lines.length * pitch };
}
