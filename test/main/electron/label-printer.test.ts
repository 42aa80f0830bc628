// Electron's label print path, with Electron mocked: a job goes to the printer without a dialog
// only when silent printing is on AND the job is small (SILENT_PRINT_MAX_LABELS, copies counted).
// Anything larger meets the system print dialog, where a person decides, even if main's handler
// were bypassed: a renderer that turns silent printing on cannot feed a printer hundreds of labels.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createElectronMock, FakeWebContents, type ElectronMock, type FakeBrowserWindow } from './electron-mock';

vi.mock('electron', () => createElectronMock());

const electron = (await import('electron')) as unknown as ElectronMock;
const { electronLabelPrinter } = await import('../../../src/main/electron/label-printer');
const { SILENT_PRINT_MAX_LABELS } = await import('../../../src/main/labels');

const document = (labels: number) => ({ html: '<!doctype html><title>labels</title>', size: '62x29' as const, labels, pages: labels, pageMm: { width: 62, height: 29 } });
let mainWindow: FakeBrowserWindow | null = null;
const printer = electronLabelPrinter(
  () => mainWindow as never,
  async () => ({ saveLabelsAsPdf: 'Save labels as PDF', csvFiles: 'CSV', zipFiles: 'Zip' }),
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

describe('the print window', () => {
  afterEach(() => {
    FakeWebContents.printAnswer = [true, ''];
  });

  it('is hidden, runs no JavaScript, lives in its own session, and prints the page at the label size in microns', async () => {
    const options = await printed(1, { silent: false, deviceName: null });
    const window = electron.windows.at(-1)!;
    expect(window.options).toMatchObject({ show: false, webPreferences: { javascript: false, partition: 'labels-print', sandbox: true, contextIsolation: true, nodeIntegration: false } });
    expect(window.loadedUrl).toMatch(/^data:text\/html;charset=utf-8;base64,/);
    expect(options).toMatchObject({ printBackground: true, margins: { marginType: 'none' }, pageSize: { width: 62_000, height: 29_000 } });
    expect(options).not.toHaveProperty('deviceName');
  });

  it('answers false when the worker closes the system dialog, and is closed all the same', async () => {
    FakeWebContents.printAnswer = [false, 'Print job canceled'];
    expect(await printer.print(document(1), { silent: false, deviceName: null })).toBe(false);
    expect(electron.windows.at(-1)!.isDestroyed()).toBe(true);
  });

  it("fails with the printer's reason when the job fails, and is closed all the same", async () => {
    FakeWebContents.printAnswer = [false, 'Printer is out of paper'];
    await expect(printer.print(document(1), { silent: true, deviceName: 'Zebra_ZD421' })).rejects.toThrow('Printer is out of paper');
    expect(electron.windows.at(-1)!.isDestroyed()).toBe(true);
  });
});

describe('electronLabelPrinter.savePdf', () => {
  const dir = mkdtempSync(join(tmpdir(), 'label-pdf-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeEach(() => {
    electron.app.setPath('documents', dir);
    electron.dialog.saveCalls.length = 0;
    mainWindow = null;
  });

  it("asks where with a save dialog in the desk's words, then writes Chromium's PDF there", async () => {
    const path = join(dir, 'chosen.pdf');
    electron.dialog.saveAnswer = { canceled: false, filePath: path };
    mainWindow = new electron.BrowserWindow({});
    expect(await printer.savePdf(document(3), 'labels-2026-11-27.pdf')).toBe(path);
    const [parent, options] = electron.dialog.saveCalls[0] as [unknown, Record<string, unknown>];
    expect(parent).toBe(mainWindow);
    expect(options).toMatchObject({ title: 'Save labels as PDF', defaultPath: join(dir, 'labels-2026-11-27.pdf'), filters: [{ name: 'PDF', extensions: ['pdf'] }] });
    expect(readFileSync(path, 'utf8')).toBe('%PDF-1.7 fake');
    const window = electron.windows.at(-1)!;
    expect(window.webContents.printToPdfCalls).toEqual([{ preferCSSPageSize: true, printBackground: true, margins: { top: 0, bottom: 0, left: 0, right: 0 } }]);
    expect(window.isDestroyed()).toBe(true);
  });

  it('writes nothing and opens no print window when the worker cancels the dialog', async () => {
    electron.dialog.saveAnswer = { canceled: true, filePath: '' };
    const before = electron.windows.length;
    expect(await printer.savePdf(document(1), 'labels.pdf')).toBeNull();
    expect(electron.windows.length).toBe(before);
    expect(electron.dialog.saveCalls[0]).toHaveLength(1);
  });
});

describe('electronLabelPrinter.printers', () => {
  it("lists the system's printers by their shown name, the queue name where they have none", async () => {
    mainWindow = new electron.BrowserWindow({});
    FakeWebContents.printers = [
      { name: 'Zebra_ZD421', displayName: 'Zebra ZD421 (dock 3)' },
      { name: 'Office_A4', displayName: '' },
    ];
    expect(await printer.printers()).toEqual([
      { name: 'Zebra_ZD421', displayName: 'Zebra ZD421 (dock 3)' },
      { name: 'Office_A4', displayName: 'Office_A4' },
    ]);
  });

  it('lists none without a main window to ask', async () => {
    mainWindow = null;
    expect(await printer.printers()).toEqual([]);
  });
});
