import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Browser } from '@playwright/test';
import type { LabelDocument, LabelPrinter } from '../main/labels';
import { headlessChromiumArgs, headlessChromiumPath } from './headless-chromium';

export interface PdfLabelPrinterOptions {
  /** Where "Save as PDF" and "print" put their files. */
  outputDir: string;
  /** A Chromium-family browser; default the headless shell (headless-chromium.ts). */
  browserPath?: string;
}

export interface PdfLabelPrinter extends LabelPrinter {
  /** The PDF of a document, as Chromium prints it (what the tests decode). */
  pdf(document: LabelDocument): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * The harness's print path: the same label document the app hands to Electron's webContents,
 * printed to PDF by Chromium's headless shell (Page.printToPDF, which Electron's printToPDF also uses).
 * There is no printer here, so "print" spools to a PDF in the output folder too and says so in its name.
 */
export function pdfLabelPrinter(options: PdfLabelPrinterOptions): PdfLabelPrinter {
  let browser: Promise<Browser> | null = null;
  let spooled = 0;
  // Playwright is loaded on the first print, not with the harness: loading it took about 0.4 s of
  // every start (bench figure 8), for a path most sessions never take.
  const launch = (): Promise<Browser> =>
    (browser ??= import('@playwright/test').then(({ chromium }) =>
      chromium.launch({
        executablePath: options.browserPath ?? headlessChromiumPath(),
        args: headlessChromiumArgs,
      }),
    ));

  async function pdf(document: LabelDocument): Promise<Buffer> {
    const context = await (await launch()).newContext({ javaScriptEnabled: false, offline: true });
    try {
      const page = await context.newPage();
      await page.setContent(document.html, { waitUntil: 'load' });
      return await page.pdf({ preferCSSPageSize: true, printBackground: true });
    } finally {
      await context.close();
    }
  }

  async function save(document: LabelDocument, name: string): Promise<string> {
    await mkdir(options.outputDir, { recursive: true });
    const path = join(options.outputDir, basename(name));
    await writeFile(path, await pdf(document));
    return path;
  }

  return {
    pdf,
    savePdf: (document, suggestedName) => save(document, suggestedName),
    async print(document) {
      spooled += 1;
      await save(document, `printed-${String(spooled).padStart(3, '0')}-${document.size}.pdf`);
      return true;
    },
    printers: async () => [],
    async close() {
      const running = browser;
      browser = null;
      if (running) await (await running).close();
    },
  };
}
