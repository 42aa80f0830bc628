import type { PrintLabelsInput, PrintLabelsResult } from '../../shared/ipc/label-records';
import { DeskFailure, failure } from '../../shared/ipc/result';
import type { DeclaredChannels } from '../journal';
import { labelContents, type LabelReads } from './label-content';
import { labelDocument, type LabelDocument } from './label-document';
import type { LabelPrinter, PrintOptions } from './label-printer';
import { printOptionsFor } from './print-policy';

export interface LabelDeps {
  reads: LabelReads;
  /** Null where the host has no print path (a core started without one). */
  printer: () => LabelPrinter | null;
  /** The worker's choice: system dialog, or silent to a chosen printer (for small jobs only: print-policy.ts). */
  printOptions: () => PrintOptions;
}

/** Builds the document of a print job from the cache; it fails, before anything prints, when a label cannot be made. */
export function buildLabelDocument(reads: LabelReads, input: Pick<PrintLabelsInput, 'items' | 'size' | 'copies'>): LabelDocument {
  return labelDocument(labelContents(reads, input.items), input.size, input.copies, 'Warehouse Desk labels');
}

function suggestedName(input: PrintLabelsInput): string {
  const first = input.items[0];
  const what = !first ? 'labels' : first.template === 'shipment' ? first.token : first.template === 'scanner-test' ? 'sheet' : first.sku;
  return `labels-${first?.template ?? 'desk'}-${what}${input.items.length > 1 ? `-and-${input.items.length - 1}-more` : ''}-${input.size}.pdf`;
}

export async function printLabels(deps: LabelDeps, input: PrintLabelsInput): Promise<PrintLabelsResult> {
  const document = buildLabelDocument(deps.reads, input);
  const printer = deps.printer();
  if (!printer) throw failure('print_failed', 'This desk has no way to print here.', { reason: 'no_printer' });
  const summary = { output: input.output, labels: document.labels, pages: document.pages };
  try {
    if (input.output === 'pdf') {
      const path = await printer.savePdf(document, suggestedName(input));
      return { ...summary, done: path !== null, path };
    }
    const done = await printer.print(document, printOptionsFor(document.labels, deps.printOptions()));
    return { ...summary, done, path: null };
  } catch (error) {
    if (error instanceof DeskFailure) throw error;
    throw failure('print_failed', `The labels could not be printed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function labelChannels(deps: LabelDeps): DeclaredChannels<'labels.print' | 'labels.printers'> {
  return {
    'labels.print': { handle: (input) => printLabels(deps, input) },
    'labels.printers': { handle: async () => (await deps.printer()?.printers()) ?? [] },
  };
}
