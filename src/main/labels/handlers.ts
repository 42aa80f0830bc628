import type { LabelPreview, PreviewLabelInput, PrintLabelsInput, PrintLabelsResult } from '../../shared/ipc/label-records';
import { DeskFailure, failure } from '../../shared/ipc/result';
import type { DeclaredChannels } from '../journal';
import { labelContents, type LabelReads } from './label-content';
import { labelDocument, labelPreview, type LabelDocument } from './label-document';
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

/**
 * The first label of a job as it will print: the same cache reads, templates and stylesheet as
 * the printed page, so it fails as the print would when that label cannot be made.
 */
export function previewLabel(reads: LabelReads, input: PreviewLabelInput): LabelPreview {
  const [first] = labelContents(reads, input.items.slice(0, 1));
  if (!first) throw failure('invalid_argument', 'A preview needs a label to show.');
  return labelPreview(first, input.size);
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

export function labelChannels(deps: LabelDeps): DeclaredChannels<'labels.print' | 'labels.preview' | 'labels.printers'> {
  return {
    'labels.print': { handle: (input) => printLabels(deps, input) },
    // Shows what a print would make and changes nothing: no journal line.
    'labels.preview': { handle: (input) => previewLabel(deps.reads, input) },
    'labels.printers': { handle: async () => (await deps.printer()?.printers()) ?? [] },
  };
}
