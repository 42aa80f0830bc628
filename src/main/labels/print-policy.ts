import type { PrintOptions } from './label-printer';

/**
 * The most labels (copies counted) one job may print without the system print dialog. Silent
 * printing is a setting the renderer can change, so it must not be enough for a renderer (or a
 * page that took it over) to run a printer through a roll: a larger job always meets the dialog,
 * where a person decides. 50 covers a shelf run or a small delivery; a whole list goes through
 * the dialog.
 */
export const SILENT_PRINT_MAX_LABELS = 50;

/** How a job of `labels` labels prints: silent only when the desk's setting says so and the job is within the cap. */
export function printOptionsFor(labels: number, setting: PrintOptions): PrintOptions {
  return { silent: setting.silent && labels <= SILENT_PRINT_MAX_LABELS, deviceName: setting.deviceName };
}
