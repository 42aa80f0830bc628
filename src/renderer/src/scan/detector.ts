import { charForKey, isControlChar, MODIFIER_KEYS } from './key-map';
import { isTextEntry, keyTarget } from './text-entry';
import { MAX_CODE_LENGTH } from '../../../shared/ipc/defaults';

/**
 * Tells a keyboard-wedge scanner from a person by key timing. A scanner types a whole code with a
 * few milliseconds between keys and ends it with Enter (or Tab); a person cannot type five keys
 * each under ~50 ms apart. The detector listens on the window in the capture phase, so a scan is
 * caught wherever the focus is, except in a text field, where the characters belong to the field.
 *
 * Pure TypeScript over KeyboardEvents: the clock and the timer are injectable so tests drive it
 * with synthetic events and fake time.
 */

export interface ScannerConfig {
  /** Keys closer than this (ms) belong to one burst. */
  maxInterKeyMs: number;
  /** Fewest characters of a code (without the prefix). Shorter bursts are a person typing. */
  minLength: number;
  /** Characters the scanner sends before each code (may be empty); stripped from the code. */
  prefix: string;
  /** The key the scanner sends after each code. */
  suffix: 'Enter' | 'Tab';
}

export interface DetectedScan {
  code: string;
  /** Character keys in the burst, prefix included. */
  keys: number;
  /** First key to suffix key. */
  durationMs: number;
}

export type RejectReason = 'too_long' | 'unreadable' | 'no_suffix' | 'wrong_suffix' | 'missing_prefix';

export interface RejectedBurst {
  reason: RejectReason;
  keys: number;
  /** Human text for the scan screen. */
  message: string;
  /** The first characters, control characters made visible, for the worker to recognise it. */
  preview: string;
}

export interface KeySample {
  /** The character the key stands for (null: not a character, e.g. the suffix). */
  char: string | null;
  key: string;
  code: string;
  /** Milliseconds since the previous character key (null when none is being read). */
  gapMs: number | null;
  /** Whether this gap keeps the burst a possible scan (false: a new burst starts here). */
  withinLimit: boolean;
  /** The key ended the burst (the suffix, or another Enter/Tab). */
  ended: boolean;
}

export interface ScanDetectorOptions {
  config: ScannerConfig;
  onScan: (scan: DetectedScan) => void;
  onReject?: (burst: RejectedBurst) => void;
  /** Every key considered, with its gap: the settings screen's timing test uses it. */
  onKey?: (sample: KeySample) => void;
  /**
   * Default true: keys typed into a text field belong to the field. False for a detector attached
   * to one field that is itself a scan target (the scan box, the settings test field).
   */
  ignoreTextEntry?: boolean;
  /** Time source in ms. Without it, events use `event.timeStamp` (when the OS delivered the key,
   *  not when a busy page got round to it) and timers use `performance.now()`. */
  now?: () => number;
  schedule?: (fn: () => void, ms: number) => () => void;
  /** Longest code accepted; longer bursts are refused, not truncated. Default MAX_CODE_LENGTH (the contract's limit). */
  maxCodeLength?: number;
}

/** Some scanners pause a little before the suffix key: it may trail by up to this many limits. */
export const SUFFIX_GRACE_FACTOR = 2;
const REPLACEMENT = '\uFFFD';
const PREVIEW_LENGTH = 24;

export function previewOf(text: string): string {
  const visible = [...text.slice(0, PREVIEW_LENGTH * 2)]
    .slice(0, PREVIEW_LENGTH)
    .map((ch) => (isControlChar(ch) ? '�' : ch))
    .join('');
  return text.length > PREVIEW_LENGTH ? `${visible}…` : visible;
}

export class ScanDetector {
  #config: ScannerConfig;
  readonly #options: ScanDetectorOptions;
  readonly #maxCodeLength: number;
  readonly #now: () => number;
  readonly #schedule: (fn: () => void, ms: number) => () => void;

  // The burst being read. `chars` is capped, `keys` is not, so a flood costs O(1) per key.
  #chars = '';
  #keyChars = ''; // `event.key` of the first keys, to match a prefix made of symbols
  #keys = 0;
  #first = 0;
  #last = 0;
  #unreadable = false;
  #cancelIdle: (() => void) | null = null;

  constructor(options: ScanDetectorOptions) {
    this.#options = options;
    this.#config = { ...options.config };
    this.#maxCodeLength = options.maxCodeLength ?? MAX_CODE_LENGTH;
    this.#now = options.now ?? (() => performance.now());
    this.#schedule =
      options.schedule ??
      ((fn, ms) => {
        const t = setTimeout(fn, ms);
        return () => clearTimeout(t);
      });
  }

  get config(): ScannerConfig {
    return { ...this.#config };
  }

  setConfig(config: ScannerConfig): void {
    this.#config = { ...config };
    this.reset();
  }

  /** Forgets the burst being read (focus moved, window blurred, config changed). */
  reset(): void {
    this.#chars = '';
    this.#keyChars = '';
    this.#keys = 0;
    this.#unreadable = false;
    this.#cancelIdle?.();
    this.#cancelIdle = null;
  }

  /** Listens on `target` in the capture phase (before any element sees the key). */
  attach(target: Window | HTMLElement = window): () => void {
    const onKeydown = (e: Event): void => this.handleKeydown(e as KeyboardEvent);
    const onBlur = (): void => this.#endBurst();
    target.addEventListener('keydown', onKeydown, { capture: true });
    target.addEventListener('blur', onBlur);
    return () => {
      target.removeEventListener('keydown', onKeydown, { capture: true });
      target.removeEventListener('blur', onBlur);
      this.reset();
    };
  }

  handleKeydown(event: KeyboardEvent): void {
    if (event.isComposing || event.key === 'Process' || event.key === 'Dead') return;
    if ((this.#options.ignoreTextEntry ?? true) && isTextEntry(keyTarget(event))) {
      this.reset();
      return;
    }
    if (MODIFIER_KEYS.has(event.key)) return;

    const t = this.#options.now ? this.#options.now() : event.timeStamp > 0 ? event.timeStamp : this.#now();
    const limit = this.#config.maxInterKeyMs;
    const gap = this.#keys > 0 ? t - this.#last : null;
    const isSuffix = this.#isSuffix(event);
    const isOtherEnd = !isSuffix && (event.key === 'Enter' || event.key === 'Tab');
    const allowed = isSuffix ? limit * SUFFIX_GRACE_FACTOR : limit;
    const inBurst = gap !== null && gap <= allowed;

    this.#options.onKey?.({
      char: isSuffix || isOtherEnd ? null : charForKey(event),
      key: event.key,
      code: event.code,
      gapMs: gap,
      withinLimit: gap === null || inBurst,
      ended: isSuffix || isOtherEnd,
    });
    if (this.#keys > 0 && !inBurst) this.#endBurst();

    if (isSuffix || isOtherEnd) {
      if (inBurst && this.#complete(t, isOtherEnd ? event.key : null)) swallow(event);
      this.reset();
      return;
    }
    if (event.repeat) {
      this.reset();
      return;
    }

    const modified = event.ctrlKey || event.metaKey || (event.altKey && !event.getModifierState?.('AltGraph'));
    const ch = modified ? null : charForKey(event);
    // Attached to a field, keys type into it until a scan is certain (the field's owner then
    // restores or clears it): swallowing there would eat a fast typist's second digit.
    const inField = !(this.#options.ignoreTextEntry ?? true);
    if (ch === null) {
      // Outside a burst this is a person's shortcut or navigation key (in a field: Backspace,
      // arrows); inside a window-wide burst, an unreadable key the scanner sent (a GS1
      // separator as Ctrl+], an ALT code...).
      if (!inBurst || inField) {
        this.reset();
        return;
      }
      this.#append(REPLACEMENT, REPLACEMENT, t);
      this.#unreadable = true;
      swallow(event);
      return;
    }
    if (isControlChar(ch)) this.#unreadable = true;
    // Window-wide, the first key might be a person's; the following fast ones are the scanner's
    // and must not reach the page (Space would press a focused button, F5 would reload).
    if (inBurst && !inField) swallow(event);
    this.#append(ch, event.key.length === 1 ? event.key : REPLACEMENT, t);
  }

  #isSuffix(event: KeyboardEvent): boolean {
    if (event.ctrlKey || event.altKey || event.metaKey) return false;
    if (this.#config.suffix === 'Enter') return event.key === 'Enter' || event.code === 'Enter' || event.code === 'NumpadEnter';
    return event.key === 'Tab' && !event.shiftKey;
  }

  #append(ch: string, keyChar: string, t: number): void {
    if (this.#keys === 0) this.#first = t;
    this.#keys += 1;
    this.#last = t;
    if (this.#chars.length < this.#maxCodeLength + this.#config.prefix.length + 1) this.#chars += ch;
    if (this.#keyChars.length < this.#config.prefix.length) this.#keyChars += keyChar;
    if (this.#codeKeys() >= this.#config.minLength && !this.#cancelIdle) this.#watchIdle();
  }

  #codeKeys(): number {
    return Math.max(0, this.#keys - this.#config.prefix.length);
  }

  /** A burst that stops without its suffix is reported once it has been quiet long enough. */
  #watchIdle(): void {
    const wait = this.#config.maxInterKeyMs * SUFFIX_GRACE_FACTOR + 1;
    this.#cancelIdle = this.#schedule(() => {
      this.#cancelIdle = null;
      if (this.#keys === 0) return;
      const quiet = this.#now() - this.#last;
      if (quiet > this.#config.maxInterKeyMs * SUFFIX_GRACE_FACTOR) this.#endBurst();
      else this.#watchIdle();
    }, wait);
  }

  /** Ends a burst that got no suffix: long enough to be a scanner's -> clear feedback. */
  #endBurst(): void {
    if (this.#codeKeys() >= this.#config.minLength) {
      const suffix = this.#config.suffix;
      this.#reject(
        this.#keys > this.#maxCodeLength + this.#config.prefix.length ? 'too_long' : 'no_suffix',
        this.#keys > this.#maxCodeLength + this.#config.prefix.length
          ? `A burst of ${this.#keys.toLocaleString()} keys was ignored: longer than any code (${this.#maxCodeLength} characters).`
          : `A fast burst of ${this.#keys} keys ended without ${suffix}. Check that the scanner sends ${suffix} after each code (Settings, Scanner).`,
      );
    }
    this.reset();
  }

  /** The suffix came in time. Returns true when the burst was a scanner's (scan or refusal). */
  #complete(t: number, wrongEnd: string | null): boolean {
    const prefix = this.#config.prefix;
    if (this.#codeKeys() < this.#config.minLength) return false;
    if (this.#keys > this.#maxCodeLength + prefix.length) {
      this.#reject('too_long', `A burst of ${this.#keys.toLocaleString()} keys was ignored: longer than any code (${this.#maxCodeLength} characters).`);
      return true;
    }
    if (wrongEnd) {
      this.#reject('wrong_suffix', `A scan ended with ${wrongEnd}, but the scanner setting says ${this.#config.suffix}. Change it in Settings, Scanner.`);
      return true;
    }
    if (this.#unreadable) {
      this.#reject('unreadable', 'The scan contained control characters or keys that are not characters. Scan again, or check the scanner setup.');
      return true;
    }
    let code = this.#chars;
    if (prefix) {
      const matches = [...prefix].every((p, i) => this.#chars[i] === p || this.#keyChars[i] === p);
      if (!matches) {
        this.#reject('missing_prefix', `A fast burst did not start with the scanner prefix "${prefix}". Check the prefix in Settings, Scanner.`);
        return true;
      }
      code = this.#chars.slice(prefix.length);
    }
    const scan: DetectedScan = { code, keys: this.#keys, durationMs: Math.max(0, t - this.#first) };
    this.reset();
    this.#options.onScan(scan);
    return true;
  }

  #reject(reason: RejectReason, message: string): void {
    const burst: RejectedBurst = { reason, keys: this.#keys, message, preview: previewOf(this.#chars) };
    this.reset();
    this.#options.onReject?.(burst);
  }
}

function swallow(event: KeyboardEvent): void {
  event.preventDefault();
  event.stopPropagation();
}
