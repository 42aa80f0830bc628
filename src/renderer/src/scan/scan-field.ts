import type { Attachment } from 'svelte/attachments';
import { ScanDetector, type DetectedScan, type RejectedBurst, type ScannerConfig } from './detector';
import { SCAN_TARGET_ATTRIBUTE } from './text-entry';

/**
 * For a field that exists to receive a scan (the scan box): a scanner's burst there becomes the
 * code, whatever half-typed text was there, and is refused with a message when it is no code. The
 * burst's keys do type into the field (until the suffix nobody knows it is a scan, and a fast
 * typist's keys must never be eaten); the field is emptied once it is. Every other text field has
 * a scan taken out of it by the window-wide detector (detector.ts, window-scanner.ts).
 * The field is marked a scan target: the window-wide detector leaves its bursts to it, and a
 * burst begun outside any field carries on into it when the focus moves there mid-burst.
 */
export function scanField(opts: {
  config: ScannerConfig;
  onScan: (scan: DetectedScan) => void;
  onReject?: (burst: RejectedBurst) => void;
}): Attachment<HTMLInputElement> {
  return (input) => {
    input.setAttribute(SCAN_TARGET_ATTRIBUTE, '');
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
        setValue('');
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
