// labels.print through the real router and the real core, as a renderer calls it: silent printing
// is the desk's setting (which the renderer can change), so it alone must not let a call feed
// the printer without a person seeing a dialog. A job prints silently only when the setting is on
// AND it has at most SILENT_PRINT_MAX_LABELS labels, copies counted; a larger one goes to the
// print dialog. Copies and items stay bounded by the contract, checked in main.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SILENT_PRINT_MAX_LABELS, type LabelDocument, type LabelPrinter, type PrintOptions } from '../../../src/main/labels';
import { startCore, type TestCore } from '../../hardening/support/core';

const jobs: Array<{ labels: number; options: PrintOptions }> = [];
const printer: LabelPrinter = {
  print: async (document: LabelDocument, options: PrintOptions) => {
    jobs.push({ labels: document.labels, options });
    return true;
  },
  savePdf: async () => null,
  printers: async () => [],
};

let core: TestCore;
beforeAll(async () => {
  core = await startCore({ demoByDefault: false, printer });
});
afterAll(() => core?.close());
beforeEach(() => {
  jobs.length = 0;
});

const CODES = ['layout', 'gs1', 'digits'] as const;
const job = (items: number, copies: number) => ({
  items: Array.from({ length: items }, (_, i) => ({ template: 'scanner-test', code: CODES[i % CODES.length] })),
  size: '62x29',
  copies,
  output: 'printer',
});

describe('labels.print and silent printing', () => {
  beforeAll(async () => {
    expect(SILENT_PRINT_MAX_LABELS).toBe(50);
    await core.value('settings.update', { labelPrinter: { silent: true, deviceName: 'Zebra_ZD421' } });
  });

  it('prints a job within the cap silently to the chosen printer', async () => {
    expect(await core.value('labels.print', job(1, SILENT_PRINT_MAX_LABELS))).toMatchObject({ done: true, labels: SILENT_PRINT_MAX_LABELS });
    expect(jobs).toEqual([{ labels: SILENT_PRINT_MAX_LABELS, options: { silent: true, deviceName: 'Zebra_ZD421' } }]);
  });

  it.each([
    [3, 17],
    [SILENT_PRINT_MAX_LABELS + 1, 1],
    [3, 100],
    [500, 1],
  ])('sends %i labels x %i copies to the print dialog, the chosen printer preselected', async (items, copies) => {
    expect(await core.value('labels.print', job(items, copies))).toMatchObject({ done: true, labels: items * copies });
    expect(jobs).toEqual([{ labels: items * copies, options: { silent: false, deviceName: 'Zebra_ZD421' } }]);
  });

  it.each([
    ['101 copies', job(1, 101)],
    ['0 copies', job(1, 0)],
    ['501 items', job(501, 1)],
  ])('refuses %s in main with invalid_argument, printing nothing', async (_what, input) => {
    expect(await core.call('labels.print', input)).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(jobs).toEqual([]);
  });

  it('with silent printing off, even one label goes to the dialog', async () => {
    await core.value('settings.update', { labelPrinter: { silent: false, deviceName: null } });
    await core.value('labels.print', job(1, 1));
    expect(jobs).toEqual([{ labels: 1, options: { silent: false, deviceName: null } }]);
  });
});
