import { z } from './zod';

/**
 * Why a scanned or typed code is refused, as a stable code with the values its sentence names. The
 * screens word it in the desk's language (renderer scan/refusal-text.ts); the English `problem`
 * that travels with it (src/shared/codes/refusal.ts) is for logs, the journal's CSV export and
 * journal lines written before the codes existed.
 */
export interface CodeRefusalParams {
  empty: Record<string, never>;
  control_characters: Record<string, never>;
  /** Refused by the desk before it asks main: longer than the contract lets a code be. */
  too_long: { max: number };
  not_a_code: Record<string, never>;
  gs1_empty: Record<string, never>;
  gs1_no_elements: Record<string, never>;
  gs1_unknown_ai: Record<string, never>;
  gs1_element_too_short: Record<string, never>;
  gs1_ai_mismatch: Record<string, never>;
  /** The GS1 parser's own (English) words, when they are none of the above. */
  gs1_unreadable: { detail: string };
  gs1_ai_repeated: { ai: string };
  gs1_no_value: { ai: string };
  gs1_lot_too_long: { ai: string; length: number; max: number };
  gs1_serial_too_long: { ai: string; length: number; max: number };
  gs1_count_too_long: { ai: string; length: number; max: number };
  gs1_value_too_long: { ai: string; length: number; max: number };
  gs1_sscc_digits: Record<string, never>;
  gs1_gtin_digits: { ai: string };
  gs1_no_key: Record<string, never>;
  gs1_expiry_not_a_date: { value: string };
  digital_link_bad_encoding: Record<string, never>;
  digital_link_not_pairs: Record<string, never>;
  sscc_check_digit: { sscc: string };
  gtin_check_digit: { gtin: string };
  /** Main's lookup: a retail barcode's digits whose check digit is wrong and that name nothing else. */
  barcode_check_digit: { code: string };
  ups_check_digit: { number: string };
  postal_check_digit: { number: string };
}

export const CODE_REFUSALS = [
  'empty',
  'control_characters',
  'too_long',
  'not_a_code',
  'gs1_empty',
  'gs1_no_elements',
  'gs1_unknown_ai',
  'gs1_element_too_short',
  'gs1_ai_mismatch',
  'gs1_unreadable',
  'gs1_ai_repeated',
  'gs1_no_value',
  'gs1_lot_too_long',
  'gs1_serial_too_long',
  'gs1_count_too_long',
  'gs1_value_too_long',
  'gs1_sscc_digits',
  'gs1_gtin_digits',
  'gs1_no_key',
  'gs1_expiry_not_a_date',
  'digital_link_bad_encoding',
  'digital_link_not_pairs',
  'sscc_check_digit',
  'gtin_check_digit',
  'barcode_check_digit',
  'ups_check_digit',
  'postal_check_digit',
] as const satisfies readonly (keyof CodeRefusalParams)[];

export const CodeRefusalWhy = z.enum(CODE_REFUSALS);
export type CodeRefusalWhy = z.infer<typeof CodeRefusalWhy>;

// The list and the params table name the same codes (a compile error otherwise).
type SameKeys<A, B> = [Exclude<A, B> | Exclude<B, A>] extends [never] ? true : false;
const listed: SameKeys<CodeRefusalWhy, keyof CodeRefusalParams> = true;
void listed;

/**
 * The values as they travel and as the journal stores them, flat beside its own (`problem`,
 * `why`, `reason`): no refusal names a value by one of those.
 */
export const RefusalParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type RefusalParams = z.infer<typeof RefusalParams>;
type Reserved = 'problem' | 'why' | 'reason';
const unreserved: { [K in CodeRefusalWhy]: Extract<keyof CodeRefusalParams[K], Reserved> }[CodeRefusalWhy] extends never ? true : false = true;
void unreserved;

/** A refusal as it crosses the contract: the code, its values, and the same in English. */
export const CodeRefusal = z.object({
  why: CodeRefusalWhy,
  params: RefusalParams,
  /** English, for logs and support: "the check digit of GTIN 04006381333930 is wrong". */
  problem: z.string(),
});
export type CodeRefusal = z.infer<typeof CodeRefusal>;
