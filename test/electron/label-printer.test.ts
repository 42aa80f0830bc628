// Electron's label print path, with Electron mocked: a job goes to the printer without a dialog
// only when silent printing is on AND the job is small (SILENT_PRINT_MAX_LABELS, copies counted).
// Anything larger meets the system print dialog, where a person decides, even if main's handler
// were bypassed: a renderer that turns silent printing on cannot feed a printer hundreds of labels.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createElectronMock, type ElectronMock } from './electron-mock';

vi.mock('electron', () => createElectronMock());

const electron = (await import('electron')) as unknown as ElectronMock;
const { electronLabelPrinter } = await import('../../src/main/electron/label-printer');
const { SILENT_PRINT_MAX_LABELS } = await import('../../src/main/labels');

const document = (labels: number) => ({ html: '<!doctype html><title>labels</title>', size: '62x29' as const, labels, pages: labels, pageMm: { width: 62, height: 29 } });
const printer = electronLabelPrinter(
  () => null,
  async () => ({ saveLabelsAsPdf: 'Save labels as PDF', csvFiles: 'CSV' }),
);

/** The options of the one print call the job made. */
async function printed(labels: number, options: { silent: boolean; deviceName: string | null }): Promise<Record<string, unknown>> {
  const before = electron.windows.length;
  expect(await printer.print(document(labels), options)).toBe(true);
  const window = electron.windows.slice(before).at(-1)!;
  expect(window.webContents.printCalls).toHaveLength(1);
  expect(window.isDestroyed()).toBe(true);
  return window.webContents.printCalls[0]!;
}

describe('electronLabelPrinter.print', () => {
  beforeEach(() => {
    expect(SILENT_PRINT_MAX_LABELS).toBe(50);
  });

  it('prints silently to the chosen printer when the setting says so and the job is within the cap', async () => {
    expect(await printed(1, { silent: true, deviceName: 'Zebra_ZD421' })).toMatchObject({ silent: true, deviceName: 'Zebra_ZD421' });
    expect(await printed(SILENT_PRINT_MAX_LABELS, { silent: true, deviceName: null })).toMatchObject({ silent: true });
  });

  it.each([SILENT_PRINT_MAX_LABELS + 1, 500, 50_000])('shows the print dialog for %i labels even with silent printing on', async (labels) => {
    const options = await printed(labels, { silent: true, deviceName: 'Zebra_ZD421' });
    expect(options['silent']).toBe(false);
  });

  it('shows the print dialog whenever silent printing is off', async () => {
    expect((await printed(1, { silent: false, deviceName: null }))['silent']).toBe(false);
  });
});
