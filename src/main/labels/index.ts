export { labelChannels, buildLabelDocument, type LabelDeps } from './handlers';
export type { LabelPrinter, PrintOptions } from './label-printer';
export { printOptionsFor, SILENT_PRINT_MAX_LABELS } from './print-policy';
export type { LabelDocument } from './label-document';
export { labelContents, type LabelContent, type LabelReads } from './label-content';
export { LABEL_GEOMETRY, MIN_MODULE_MM, type LabelGeometry } from './label-sizes';
export type { Barcode } from './barcodes';
