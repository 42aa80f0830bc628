import type { Settings } from './records';

/** Longest code a lookup accepts: the contract's limit, and the scanner's (longer bursts are refused, not cut). */
export const MAX_CODE_LENGTH = 512;

/** Main's settings for a new desk, and the renderer's until main has answered (open mSupply's ~50 ms between keys). */
export const DEFAULT_SETTINGS: Settings = {
  scanner: { maxInterKeyMs: 50, minLength: 4, prefix: '', suffix: 'Enter' },
  soundsMuted: false,
  confirmAdjustmentsFrom: 50,
  journalRetentionDays: 90,
  labelPrinter: { silent: false, deviceName: null },
  deskWarehouseId: null,
  language: 'system',
  defaultAdjustKind: 'add',
  deskName: null,
};
