export { printerChannels, type PrinterDeps } from './handlers';
export { PrintService } from './print-service';
export { PrinterSetupStore, PRINTERS_FILE } from './printer-setup-store';
