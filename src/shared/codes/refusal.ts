import type { CodeRefusal, CodeRefusalParams, CodeRefusalWhy } from '../ipc/code-refusal';

export type { CodeRefusal, CodeRefusalWhy } from '../ipc/code-refusal';

/**
 * Each refusal in English, as logs, the journal's CSV export and support read it. The renderer's
 * English catalogue says the same words (test/components/i18n/refusal-wording.test.ts holds them
 * to it), and the other languages say it their way.
 */
const ENGLISH: { [K in CodeRefusalWhy]: (p: CodeRefusalParams[K]) => string } = {
  empty: () => 'the code is empty',
  control_characters: () => 'the code contains control characters',
  too_long: (p) => `longer than any code (${p.max} characters)`,
  not_a_code: () => 'not a SKU, a barcode or a shipment token',
  gs1_empty: () => 'the GS1 code is empty',
  gs1_no_elements: () => 'this GS1 code has no elements',
  gs1_unknown_ai: () => 'this GS1 code cannot be read: an Application Identifier in it is not one GS1 defines',
  gs1_element_too_short: () => 'this GS1 code cannot be read: an element in it is shorter than GS1 allows',
  gs1_ai_mismatch: () => 'this GS1 code cannot be read: the AIs in parentheses do not match the data',
  gs1_unreadable: (p) => `this GS1 code cannot be read: ${p.detail}`,
  gs1_ai_repeated: (p) => `AI (${p.ai}) appears twice with different values`,
  gs1_no_value: (p) => `(${p.ai}) has no value after it`,
  gs1_lot_too_long: (p) => tooLong('batch/lot', p),
  gs1_serial_too_long: (p) => tooLong('serial number', p),
  gs1_count_too_long: (p) => tooLong('count', p),
  gs1_value_too_long: (p) => tooLong('value', p),
  gs1_sscc_digits: () => 'the SSCC after (00) must be 18 digits',
  gs1_gtin_digits: (p) => `the GTIN after (${p.ai}) must be 14 digits`,
  gs1_no_key: () => 'this GS1 code has no product (AI 01 or 02) and no SSCC (AI 00)',
  gs1_expiry_not_a_date: (p) => `the expiry date after (17) is not a date: ${p.value} (YYMMDD)`,
  digital_link_bad_encoding: () => 'this GS1 Digital Link has a badly encoded value',
  digital_link_not_pairs: () => 'this GS1 Digital Link has a path that is not AI/value pairs',
  sscc_check_digit: (p) => `the check digit of SSCC ${p.sscc} is wrong`,
  gtin_check_digit: (p) => `the check digit of GTIN ${p.gtin} is wrong`,
  barcode_check_digit: (p) => `the check digit of barcode ${p.code} is wrong`,
  ups_check_digit: (p) => `the check digit of UPS tracking number ${p.number} is wrong`,
  postal_check_digit: (p) => `the check digit of postal item ${p.number} is wrong`,
};

function tooLong(what: string, p: { ai: string; length: number; max: number }): string {
  return `the ${what} after (${p.ai}) is ${p.length} characters, GS1 allows ${p.max}: the separator (GS/FNC1) after it was probably lost`;
}

/** A refusal: its code, its values, and the English sentence made from them. */
export function refuse<K extends CodeRefusalWhy>(why: K, ...[params]: CodeRefusalParams[K] extends Record<string, never> ? [] : [CodeRefusalParams[K]]): CodeRefusal {
  const values = (params ?? {}) as CodeRefusalParams[K];
  return { why, params: values, problem: ENGLISH[why](values) };
}

/**
 * One example of each refusal's values, for the tests that hold every code to its wording in each
 * language (and for reading what each names).
 */
export const REFUSAL_EXAMPLES: { [K in CodeRefusalWhy]: CodeRefusalParams[K] } = {
  empty: {},
  control_characters: {},
  too_long: { max: 512 },
  not_a_code: {},
  gs1_empty: {},
  gs1_no_elements: {},
  gs1_unknown_ai: {},
  gs1_element_too_short: {},
  gs1_ai_mismatch: {},
  gs1_unreadable: { detail: 'unexpected end of data' },
  gs1_ai_repeated: { ai: '10' },
  gs1_no_value: { ai: '21' },
  gs1_lot_too_long: { ai: '10', length: 26, max: 20 },
  gs1_serial_too_long: { ai: '21', length: 24, max: 20 },
  gs1_count_too_long: { ai: '30', length: 9, max: 8 },
  gs1_value_too_long: { ai: '240', length: 31, max: 30 },
  gs1_sscc_digits: {},
  gs1_gtin_digits: { ai: '01' },
  gs1_no_key: {},
  gs1_expiry_not_a_date: { value: '261315' },
  digital_link_bad_encoding: {},
  digital_link_not_pairs: {},
  sscc_check_digit: { sscc: '340123450000000005' },
  gtin_check_digit: { gtin: '04006381333932' },
  barcode_check_digit: { code: '4006381333932' },
  ups_check_digit: { number: '1Z999AA1012345678X' },
  postal_check_digit: { number: 'RR123456788DE' },
};
