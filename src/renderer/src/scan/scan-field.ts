import type { Attachment } from 'svelte/attachments';
import { ScanDetector, type DetectedScan, type RejectedBurst, type ScannerConfig } from './detector';
import { SCAN_TARGET_ATTRIBUTE } from './text-entry';

/**
 * For the few text fields where a scan is never meant as typing. Keys typed into a text field
 * normally belong to it; these fields still tell a scanner's burst by its timing:
 * - `replace` (the scan box): the burst becomes the code, whatever half-typed text was there.
 * - `restore` (the adjust quantity): the field gets back its value from before the burst and the
 *   scan goes to the scan queue, so an EAN scanned by mistake can never become a quantity of
 *   4,006,381,333,931.
 * The burst's keys do type into the field (until the suffix nobody knows it is a scan, and a fast
 * typist's keys must never be eaten); the value from before the burst is put back once it is.
 * A `replace` field is also a scan target for the window-wide detector: a burst begun outside any
 * field carries on into it when the focus moves there mid-burst (detector.ts).
 */
export function scanField(opts: {
  config: ScannerConfig;
  mode: 'replace' | 'restore';
  onScan: (scan: DetectedScan) => void;
  onReject?: (burst: RejectedBurst) => void;
}): Attachment<HTMLInputElement> {
  return (input) => {
    if (opts.mode === 'replace') input.setAttribute(SCAN_TARGET_ATTRIBUTE, '');
    let before = input.value;
    const setValue = (value: string): void => {
      input.value = value;
      // bound state (bind:value) follows the element through its input event
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    const detector = new ScanDetector({
      config: opts.config,
      ignoreTextEntry: false,
      onKey: (k) => {
        if (!k.ended && !(k.gapMs !== null && k.withinLimit)) before = input.value;
      },
      onScan: (scan) => {
        setValue(opts.mode === 'replace' ? '' : before);
        opts.onScan(scan);
      },
      onReject: (burst) => {
        setValue(before);
        opts.onReject?.(burst);
      },
    });
    return detector.attach(input);
  };
}
