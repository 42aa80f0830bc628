import { failure } from '../../../shared/ipc/result';

/** Field data of a `^BC` in its mode N (no automatic mode), and how many symbol characters it makes. */
export interface Code128Field {
  /** Zebra's invocation codes spelled out: `>;` start C, `>:` start B, `>6` to B, `>8` FNC1, `>0`, `><`, `>=` a `>`, `^`, `~` in B. */
  fd: string;
  /** Modules across the symbol without its quiet zones: 11 for each character (start and check included) and 13 for stop. */
  modules: number;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

function digitRun(chars: readonly string[], from: number): number {
  let n = 0;
  while (isDigit(chars[from + n])) n++;
  return n;
}

/**
 * Plans the subsets by hand so the printer draws exactly the symbol we sized: start in C for an
 * even run of 4 digits or more (or a whole field of digits), else in B, and go from C to B once
 * the digits run out. B never goes back to C: some ZPL interpreters (the independent renderer our
 * tests use among them) mis-draw `>5`, and a longer symbol is better than a wrong one.
 * `gs1`: the fields of a GS1 element string with FNC1 first and between a variable-length field
 * and the next (a `\u001d` in the data marks one).
 */
export function code128Field(data: string, gs1 = false): Code128Field {
  const chars = [...data];
  const bad = chars.find((c) => c !== '\u001d' && (c < ' ' || c > '~'));
  if (bad !== undefined || (!gs1 && chars.includes('\u001d'))) {
    throw failure('label_not_printable', `${data} has a character a Code 128 cannot carry.`, { reason: 'cannot_draw', params: { code: data.slice(0, 300), symbology: 'code128' } });
  }
  const leading = digitRun(chars, 0);
  let subset: 'B' | 'C' = leading >= 4 || (leading >= 2 && leading === chars.length) ? 'C' : 'B';
  let fd = subset === 'C' ? '>;' : '>:';
  let symbols = 1;
  if (gs1) {
    fd += '>8';
    symbols++;
  }
  let i = 0;
  while (i < chars.length) {
    const c = chars[i] as string;
    if (c === '\u001d') {
      fd += '>8';
      symbols++;
      i++;
      continue;
    }
    if (subset === 'C') {
      if (isDigit(c) && isDigit(chars[i + 1])) {
        fd += c + (chars[i + 1] as string);
        symbols++;
        i += 2;
        continue;
      }
      fd += '>6';
      symbols++;
      subset = 'B';
    }
    // Zebra's own escapes for the three characters ZPL reads as commands or invocations.
    fd += c === '>' ? '>0' : c === '^' ? '><' : c === '~' ? '>=' : c;
    symbols++;
    i++;
  }
  // The check character, then stop.
  return { fd, modules: (symbols + 1) * 11 + 13 };
}
