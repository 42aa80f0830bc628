import { m } from '../i18n/messages';
import type { CodeRefusalWhy, RefusalParams } from '../../../shared/ipc/code-refusal';
import { formatNumber } from './format';

/**
 * Why a scanned code was refused, in the desk's language: worded by its code (`why`) with the
 * values it names (a GTIN, an AI, a length). Main's English `problem` travels with it for logs and
 * the journal's export; the worker reads it only for a code this version does not know (a journal
 * line from a newer desk) or a line written before the codes existed.
 */
export interface Refused {
  why?: string | undefined;
  params?: RefusalParams | undefined;
  problem: string;
}

type Wording = (p: RefusalParams) => string | undefined;

const text = (p: RefusalParams, key: string): string | undefined => {
  const value = p[key];
  return value === undefined || value === '' ? undefined : String(value);
};
const number = (p: RefusalParams, key: string): string | undefined => {
  const value = p[key];
  return typeof value === 'number' ? formatNumber(value) : text(p, key);
};

/** The message with the values it names, or undefined when one of them is missing (the English problem is shown then). */
function named<K extends string>(p: RefusalParams, keys: readonly K[], word: (values: Record<K, string>) => string, numbers: readonly K[] = []): string | undefined {
  const values = {} as Record<K, string>;
  for (const key of keys) {
    const value = numbers.includes(key) ? number(p, key) : text(p, key);
    if (value === undefined) return undefined;
    values[key] = value;
  }
  return word(values);
}

const tooLong = (word: (v: Record<'ai' | 'length' | 'max', string>) => string): Wording => (p) => named(p, ['ai', 'length', 'max'], word, ['length', 'max']);

const WORDS: Record<CodeRefusalWhy, Wording> = {
  empty: () => m.code_refused_empty(),
  control_characters: () => m.code_refused_control_characters(),
  too_long: (p) => named(p, ['max'], m.code_refused_too_long, ['max']),
  not_a_code: () => m.code_refused_not_a_code(),
  gs1_empty: () => m.code_refused_gs1_empty(),
  gs1_no_elements: () => m.code_refused_gs1_no_elements(),
  gs1_unknown_ai: () => m.code_refused_gs1_unknown_ai(),
  gs1_element_too_short: () => m.code_refused_gs1_element_too_short(),
  gs1_ai_mismatch: () => m.code_refused_gs1_ai_mismatch(),
  // The parser's own English words stay as they are: there is nothing else to say them with.
  gs1_unreadable: (p) => named(p, ['detail'], m.code_refused_gs1_unreadable),
  gs1_ai_repeated: (p) => named(p, ['ai'], m.code_refused_gs1_ai_repeated),
  gs1_no_value: (p) => named(p, ['ai'], m.code_refused_gs1_no_value),
  gs1_lot_too_long: tooLong(m.code_refused_gs1_lot_too_long),
  gs1_serial_too_long: tooLong(m.code_refused_gs1_serial_too_long),
  gs1_count_too_long: tooLong(m.code_refused_gs1_count_too_long),
  gs1_value_too_long: tooLong(m.code_refused_gs1_value_too_long),
  gs1_sscc_digits: () => m.code_refused_gs1_sscc_digits(),
  gs1_gtin_digits: (p) => named(p, ['ai'], m.code_refused_gs1_gtin_digits),
  gs1_no_key: () => m.code_refused_gs1_no_key(),
  gs1_expiry_not_a_date: (p) => named(p, ['value'], m.code_refused_gs1_expiry_not_a_date),
  digital_link_bad_encoding: () => m.code_refused_digital_link_bad_encoding(),
  digital_link_not_pairs: () => m.code_refused_digital_link_not_pairs(),
  sscc_check_digit: (p) => named(p, ['sscc'], m.code_refused_sscc_check_digit),
  gtin_check_digit: (p) => named(p, ['gtin'], m.code_refused_gtin_check_digit),
  barcode_check_digit: (p) => named(p, ['code'], m.code_refused_barcode_check_digit),
  ups_check_digit: (p) => named(p, ['number'], m.code_refused_ups_check_digit),
  postal_check_digit: (p) => named(p, ['number'], m.code_refused_postal_check_digit),
};

/** Every refusal code the desk words from its catalogue; the i18n tests hold it to the contract's list. */
export const WORDED_REFUSALS: readonly string[] = Object.keys(WORDS);

const isWorded = (why: string): why is CodeRefusalWhy => Object.hasOwn(WORDS, why);

/** Whether the worker reads the English `problem` as it is (an unknown code, or an old line without one). */
export function refusalIsEnglish(r: Refused): boolean {
  return refusalWording(r) === undefined;
}

function refusalWording(r: Refused): string | undefined {
  return r.why !== undefined && isWorded(r.why) ? WORDS[r.why](r.params ?? {}) : undefined;
}

/** What the worker reads: the refusal in the desk's language, or main's English problem for a code this desk does not know. */
export function refusalText(r: Refused): string {
  return refusalWording(r) ?? r.problem;
}
