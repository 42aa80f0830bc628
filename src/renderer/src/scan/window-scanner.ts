import { ScanDetector, type ScannerConfig } from './detector';
import { reportBurst, submitCode } from './session.svelte';

/**
 * Where the scanner's codes go when nothing on screen reads them itself (docs/scanning.md, "One
 * rule for scanner input"): the window-wide detector hears every burst, outside any field or taken
 * out of a text field, and hands the code to the newest claim that takes it; with none, it is looked
 * up (the shell then shows the Scan screen with the answer, or opens a shipment for a shipment or
 * carrier code).
 */
export type ScanClaim = (code: string) => boolean;

const claims: ScanClaim[] = [];

/**
 * Lets a task take the scanner's codes while it is on (a stock-take counts them): `take` returns
 * true for a code it handled, false to let it be looked up. Returns the release.
 */
export function claimScans(take: ScanClaim): () => void {
  claims.push(take);
  return () => {
    const at = claims.lastIndexOf(take);
    if (at >= 0) claims.splice(at, 1);
  };
}

/** Hands a scanned code to the newest claim that takes it, else to the lookup. */
export function routeScan(code: string): void {
  for (let i = claims.length - 1; i >= 0; i--) if (claims[i]!(code)) return;
  submitCode(code, 'scanner');
}

/** The window-wide detector, routing what it reads; returns the detach. */
export function listenForScans(config: ScannerConfig, clock: { now?: () => number; schedule?: (fn: () => void, ms: number) => () => void } = {}): () => void {
  const detector = new ScanDetector({ config: { ...config }, onScan: (scan) => routeScan(scan.code), onReject: reportBurst, ...clock });
  return detector.attach(window);
}
