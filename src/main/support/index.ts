export { supportChannels, type SupportDeps } from './handlers';
export { ScannerCheckStore } from './scanner-check-store';
