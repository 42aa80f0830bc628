import { afterEach, describe, expect, it } from 'vitest';
import { openapiDocument } from '../../../src/shared/api/openapi-document.gen';
import { APP_ERROR_CODES } from '../../../src/shared/ipc/result';
import { loadCatalogue } from '../../../src/renderer/src/i18n/catalogues.svelte';
import { setLanguageSetting } from '../../../src/renderer/src/i18n/locale.svelte';
import { errorMessage, errorTechnicalText, errorTitle, WORDED_CODES } from '../../../src/renderer/src/ui/error-text';

// Issue 18: the worker reads every error in the desk's language, worded by the renderer from the
// code (and reason and params); main's or the service's English message is a technical detail.

/** The service's codes, from the one document both the client and the sandbox follow. */
const API_CODES = (openapiDocument['components'] as { schemas: { ErrorCode: { oneOf: ReadonlyArray<{ const: string }> } } }).schemas.ErrorCode.oneOf.map((c) => c.const);

/** Every code main gives by name: `failure('code'`, `apiError('code'`, `code: 'code'` in src/main. */
const MAIN_SOURCES = import.meta.glob('../../../src/main/**/*.ts', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const CODES_IN_MAIN = new Set(
  Object.values(MAIN_SOURCES).flatMap((source) => [...source.matchAll(/\b(?:failure|apiError)\(\s*'([a-z_]+)'|\bcode: '([a-z_]+)'/g)].map((hit) => hit[1] ?? hit[2] ?? '')),
);

describe('every error code has words in the catalogue', () => {
  afterEach(() => setLanguageSetting('en'));

  it('the contract names every code main gives', () => {
    const contract = new Set<string>([...APP_ERROR_CODES, ...API_CODES]);
    expect(CODES_IN_MAIN.size).toBeGreaterThan(20);
    expect([...CODES_IN_MAIN].filter((code) => !contract.has(code)).sort()).toEqual([]);
  });

  it('each code of the contract has its own title and sentence, not the generic ones', () => {
    const unworded = [...APP_ERROR_CODES, ...API_CODES].filter((code) => !WORDED_CODES.includes(code));
    expect(unworded).toEqual([]);
    const generic = errorTitle({ code: 'a_code_nobody_knows' });
    expect([...APP_ERROR_CODES, ...API_CODES].filter((code) => errorTitle({ code }) === generic)).toEqual([]);
  });

  it('says the sentence in the chosen language, never the English message main sent', async () => {
    const error = { code: 'label_not_printable', message: 'SKU NO-GTIN has no GTIN to print a product label with; print a shelf label instead.', reason: 'no_gtin', params: { sku: 'NO-GTIN' } };
    expect(errorMessage(error)).toBe('SKU NO-GTIN has no GTIN to print a product label with. Print a shelf label instead.');
    expect(errorTechnicalText(error)).toBe(error.message);
    await loadCatalogue('de');
    setLanguageSetting('de');
    expect(errorTitle(error)).toBe('Dieses Etikett kann nicht gedruckt werden');
    expect(errorMessage(error)).toBe('Artikelnummer NO-GTIN hat keine GTIN für ein Produktetikett. Drucken Sie stattdessen ein Regaletikett.');
    expect(errorMessage({ code: 'print_failed', message: 'This desk has no way to print here.', reason: 'no_printer' })).toBe('Dieser Arbeitsplatz kann hier nicht drucken.');
    expect(errorMessage({ code: 'network_error', message: 'Could not reach the service at http://10.0.0.9:8080: the connection was refused.', reason: 'refused', params: { origin: 'http://10.0.0.9:8080' } })).toBe(
      'Der Arbeitsplatz hat den Dienst unter http://10.0.0.9:8080 nicht erreicht. Die Verbindung wurde abgelehnt.',
    );
    await loadCatalogue('pl');
    setLanguageSetting('pl');
    expect(errorMessage({ code: 'validation_failed', message: 'The request is not valid.', details: [{ field: 'delta', problem: 'must not be 0' }] })).toBe('Usługa nie przyjęła wartości pola „delta”. Sprawdź wprowadzone dane.');
    expect(errorMessage({ code: 'count_not_reviewed', message: 'Accept or recount every line first: 2 still to review (A, B).', params: { count: 2, skus: 'A, B' } })).toBe(
      'Najpierw zaakceptuj lub policz ponownie każdą pozycję. Do sprawdzenia: 2 (A, B).',
    );
  });

  it('keeps the code’s sentence when main sent no params, and an unknown code’s own text', () => {
    expect(errorMessage({ code: 'timeout', message: '' })).toBe('Try again in a moment.');
    expect(errorMessage({ code: 'count_line_submitted', message: 'X is already submitted' })).toBe('This line is already submitted. Undo its adjustment in the outbox to change it.');
    expect(errorMessage({ code: 'a_code_nobody_knows', message: 'Something the next version will word.' })).toBe('Something the next version will word.');
    expect(errorTechnicalText({ code: 'a_code_nobody_knows', message: 'Something the next version will word.' })).toBeUndefined();
  });
});
