// Only the words of a refusal come from the catalogue: what a burst reads never depends on the language.
import { m } from '../i18n/messages';
import { formatNumber } from '../ui/format';
import { evidenceOf, GS, isControlChar, isGroupSeparatorKey, isLineEndKey, keyName, MODIFIER_KEYS, readKey, type KeyReading } from './key-map';
import { snapshotField, type FieldSnapshot } from './field-snapshot';
import { isScanTarget, isTextEntry, keyTarget, readsScans, typeInto } from './text-entry';
import { MAX_CODE_LENGTH } from '../../../shared/ipc/defaults';

/**
 * Tells a keyboard-wedge scanner from a person by key timing. A scanner types a whole code with a
 * few milliseconds between keys and ends it with Enter (or Tab); a person cannot type five keys
 * each under ~50 ms apart. The detector listens on the window in the capture phase, so a scan is
 * caught wherever the focus is (docs/scanning.md, "One rule for scanner input"):
 *
 * - Outside any text field, the keys after a burst's first are swallowed as they come (Space
 *   would press a focused button); a select's type-ahead choice from the first key is put back.
 * - In a text field, the keys type as usual (until the suffix nobody knows it is a scan, and a
 *   fast typist's keys must never be eaten). When the suffix comes in time after enough keys, the
 *   field gets back what it held before the burst, caret included, the suffix is swallowed (no
 *   form is submitted) and the code is reported as any scan. Anything else (too short, too slow,
 *   a refusal) is left in the field as typed, with no refusal card: it may be a person's. A burst
 *   only starts in a field after a pause: keys that follow fast on keys elsewhere are the field's
 *   (a loaded page's clumped keys, the tail of a scan cut by a focus move). With no suffix set
 *   (a burst ends by a pause) fields are left alone: a fast typist's word would vanish.
 * - A field that reads scans itself (scan-field.ts's scan box, SCAN_INPUT_ATTRIBUTE fields) is
 *   left to its own reader, with one exception: a burst already under way outside any field
 *   carries on into a scan target (the scan box), because the Scan screen sends the focus there a
 *   task after it falls on the page, and a scan whose first keys come before that move and the
 *   rest after would else be cut in two (its head dropped here, its tail read by the scan box).
 *   The carried keys are swallowed; if the burst ends as a scan, nothing was typed; if it ends
 *   any other way, all its characters are typed into that field: no keystroke is lost.
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
  /** The key the scanner sends after each code ('None': a code ends when the keys stop). */
  suffix: 'Enter' | 'Tab' | 'None';
  /** A key the scanner sends for the GS1 group separator besides the usual ones (e.g. 'F9'). */
  gsKey?: string | undefined;
  /**
   * How the scanner types: 'us' key positions (most scanners), the 'desk' layout's characters,
   * or 'auto': decided per burst from the keys (see key-map.ts).
   */
  scannerLayout?: 'auto' | 'us' | 'desk' | undefined;
}

export interface DetectedScan {
  code: string;
  /** Character keys in the burst, prefix included. */
  keys: number;
  /** First key to suffix key. */
  durationMs: number;
  /** Which reading of the keys made the code: US key positions, or the desk layout's characters. */
  reading: 'us' | 'desk';
  /** The code as the other reading gives it, when different (the setup check explains the difference). */
  otherReading: string | null;
  /** Caps Lock was on during the burst (the detector undid it). */
  capsLock: boolean;
}

export type RejectReason = 'too_long' | 'unreadable' | 'no_suffix' | 'wrong_suffix' | 'missing_prefix';

export interface RejectedBurst {
  reason: RejectReason;
  keys: number;
  /** Human text for the scan screen. */
  message: string;
  /** The first characters, control characters made visible, for the worker to recognise it. */
  preview: string;
  /** Names of the keys in the burst that are not characters ("Ctrl+B", "F9"). */
  unreadableKeys: string[];
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
   * Default true: the window-wide detector, which treats text fields as the class comment says.
   * False for a detector attached to one field that reads scans itself (the scan box, the
   * settings test field): every key there is the burst's.
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
    .map((ch) => (ch === GS ? '␝' : isControlChar(ch) ? '�' : ch))
    .join('');
  return text.length > PREVIEW_LENGTH ? `${visible}…` : visible;
}

/** Until when, and where, an Enter or Ctrl+J is the rest of a CR+LF suffix. */
interface LineEndWindow {
  until: number;
  target: EventTarget | null;
}

/** What one key is to the burst being read. */
interface KeyRole {
  /** Milliseconds since the burst's last key (null: no burst under way). */
  gap: number | null;
  /** The gap keeps the burst going (the suffix may trail by the grace). */
  inBurst: boolean;
  /** The key ends the burst: the suffix, or another Enter or Tab (`otherEnd`). */
  ends: boolean;
  otherEnd: boolean;
  /** A GS1 group separator key. */
  gs: boolean;
  /** The character in both readings (null for an end key). */
  reading: KeyReading | null;
}

export class ScanDetector {
  #config: ScannerConfig;
  readonly #options: ScanDetectorOptions;
  readonly #maxCodeLength: number;
  readonly #now: () => number;
  readonly #schedule: (fn: () => void, ms: number) => () => void;

  // The burst being read, in both readings. They are capped, `keys` is not, so a flood costs O(1) per key.
  #us = '';
  #desk = '';
  #evidence = { us: 0, desk: 0 };
  #capsLock = false;
  #keys = 0;
  #first = 0;
  #last = 0;
  #unreadable: string[] = [];
  #cancelIdle: (() => void) | null = null;
  /** Digits typed on the keypad with Alt held (Alt+0029 is a GS). */
  #altDigits = '';
  /** The reading the last burst with evidence chose: bursts without evidence follow it. */
  #lastReading: 'us' | 'desk' = 'us';
  /** Until then, an Enter or Ctrl+J is the rest of a CR+LF suffix, not a person's key. */
  #lineEndUntil = -Infinity;
  #lineEndTarget: EventTarget | null = null;
  /** The scan target this burst's keys are landing in after starting outside it (see the class comment). */
  #carry: HTMLInputElement | null = null;
  /** The burst's characters as the desk typed them, to hand to `#carry` if the burst is no scan. */
  #typed = '';
  /** The burst is being read in a text field, whose keys type as usual until the suffix (see the class comment). */
  #inField = false;
  /** What the key's field held before the burst, put back when it is a scan. */
  #snapshot: FieldSnapshot | null = null;
  /** When the last key other than a modifier came, wherever it went (bursts reset, this does not). */
  #lastKeyAt = -Infinity;

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
    this.#us = '';
    this.#desk = '';
    this.#evidence = { us: 0, desk: 0 };
    this.#capsLock = false;
    this.#keys = 0;
    this.#unreadable = [];
    this.#altDigits = '';
    this.#carry = null;
    this.#typed = '';
    this.#inField = false;
    this.#snapshot = null;
    this.#cancelIdle?.();
    this.#cancelIdle = null;
  }

  /** Listens on `target` in the capture phase (before any element sees the key). */
  attach(target: Window | HTMLElement = window): () => void {
    const onKeydown = (e: Event): void => this.handleKeydown(e as KeyboardEvent);
    const onKeyup = (e: Event): void => this.handleKeyup(e as KeyboardEvent);
    const onBlur = (): void => this.#endBurst();
    target.addEventListener('keydown', onKeydown, { capture: true });
    target.addEventListener('keyup', onKeyup, { capture: true });
    target.addEventListener('blur', onBlur);
    return () => {
      target.removeEventListener('keydown', onKeydown, { capture: true });
      target.removeEventListener('keyup', onKeyup, { capture: true });
      target.removeEventListener('blur', onBlur);
      this.reset();
    };
  }

  /** Alt released after keypad digits: the character they number (Windows' Alt codes; Alt+0029 is GS). */
  handleKeyup(event: KeyboardEvent): void {
    if (event.key === 'Alt') this.#flushAltCode(this.#options.now ? this.#options.now() : this.#now());
  }

  handleKeydown(event: KeyboardEvent): void {
    if (this.#isComposingText(event)) return;
    const lineEnd = this.#takeLineEndWindow(event);
    const t = this.#timeOf(event);
    const target = keyTarget(event);
    const previousKeyAt = this.#lastKeyAt;
    if (!MODIFIER_KEYS.has(event.key)) this.#lastKeyAt = t;
    if (!this.#followFocus(event, target, t, previousKeyAt, lineEnd)) return;
    if (MODIFIER_KEYS.has(event.key)) return;

    if (this.#altDigits && !isAltDigit(event)) this.#flushAltCode(t);
    // The LF of a CR+LF suffix (a second Enter, or Ctrl+J) right after a scan: part of that scan.
    if (this.#isLineEndTail(event, t, lineEnd)) {
      swallow(event);
      return;
    }
    const role = this.#roleOf(event, t);
    this.#options.onKey?.({
      char: role.reading ? (this.#config.scannerLayout === 'desk' ? role.reading.desk : role.reading.us) : null,
      key: event.key,
      code: event.code,
      gapMs: role.gap,
      withinLimit: role.gap === null || role.inBurst,
      ended: role.ends,
    });
    if (this.#keys > 0 && !role.inBurst) {
      const carried = this.#carry !== null;
      this.#endBurst();
      // The burst was carried into a field: a late key is the field's, not a new window-wide burst.
      if (carried) return;
    }
    if (role.ends) {
      this.#takeEnd(event, t, role);
      return;
    }
    if (event.repeat) {
      this.#abandon();
      return;
    }
    if (this.#takeAltDigit(event, t, role.inBurst)) return;
    this.#takeCharacter(event, target, t, role);
  }

  /**
   * A dead key is still read (by its position): a US-set scanner's `=` is a dead key on QWERTZ.
   * In a text field the OS input method takes it over: Chromium on Linux sends the dead key and
   * the key after it as 'Process' keys (composing). Inside a burst at scanner speed those are
   * still the scanner's keys, read by position; otherwise they are a person composing text.
   */
  #isComposingText(event: KeyboardEvent): boolean {
    return (event.isComposing || event.key === 'Process') && !(this.#keys > 0 && this.#timeOf(event) - this.#last <= this.#config.maxInterKeyMs);
  }

  /** Only the very next key can be the LF of a CR+LF suffix, and only where the scan went: hands over the window and closes it. */
  #takeLineEndWindow(event: KeyboardEvent): LineEndWindow {
    const window = { until: this.#lineEndUntil, target: this.#lineEndTarget };
    if (!MODIFIER_KEYS.has(event.key)) {
      this.#lineEndUntil = -Infinity;
      this.#lineEndTarget = null;
    }
    return window;
  }

  #isLineEndTail(event: KeyboardEvent, t: number, window: LineEndWindow): boolean {
    return this.#keys === 0 && isLineEndKey(event) && t <= window.until && keyTarget(event) === window.target;
  }

  /**
   * Where the key landed decides how the burst goes on (see the class comment): a text field's
   * own keys, a burst carried into a scan target, a burst read in a field, or the window's.
   * Returns false when the key is none of the detector's business.
   */
  #followFocus(event: KeyboardEvent, target: EventTarget | null, t: number, previousKeyAt: number, lineEnd: LineEndWindow): boolean {
    if (!((this.#options.ignoreTextEntry ?? true) && isTextEntry(target))) {
      // The focus left the field mid-burst: the field keeps what it got (nothing was swallowed).
      if (this.#inField) this.reset();
      return true;
    }
    // The LF of a CR+LF whose CR ended a scan in this field.
    if (this.#isLineEndTail(event, t, lineEnd)) {
      swallow(event);
      return false;
    }
    if (readsScans(target) || this.#config.suffix === 'None') {
      // A field that reads scans itself; or no suffix, when nothing but a pause ends a burst and
      // a fast typist's word would be taken for a scan: the keys are the field's.
      if (!this.#carriesInto(target, event, t)) {
        // A carried burst that stops here ended by its timing (a scan only without a suffix).
        this.#stopBurst();
        return false;
      }
      this.#carry = target;
      return true;
    }
    if (this.#continuesIn(target, event, t)) return true;
    this.#stopBurst();
    if (MODIFIER_KEYS.has(event.key)) return false;
    // Keys were coming at speed elsewhere a moment ago (a loaded page's clumped keys, the
    // tail of a scan cut by a focus move): these are the field's, never a scan's start.
    if (t - previousKeyAt <= this.#config.maxInterKeyMs) return false;
    this.#inField = true;
    this.#snapshot = snapshotField(target);
    return true;
  }

  /** The burst stops at a key that is not its own: a carried one ends by its timing, any other is forgotten. */
  #stopBurst(): void {
    if (this.#carry) this.#endBurst();
    else this.reset();
  }

  /** What the key is to the burst being read: an end (the suffix or another), within its timing, and its reading. */
  #roleOf(event: KeyboardEvent, t: number): KeyRole {
    const gap = this.#keys > 0 ? t - this.#last : null;
    const isSuffix = this.#isSuffix(event);
    const isOtherEnd = !isSuffix && (isLineEndKey(event) || event.key === 'Tab');
    const limit = this.#config.maxInterKeyMs;
    const allowed = isSuffix ? limit * SUFFIX_GRACE_FACTOR : limit;
    const inBurst = gap !== null && gap <= allowed;
    const gs = !isSuffix && !isOtherEnd && isGroupSeparatorKey(event, this.#config.gsKey);
    const reading = isSuffix || isOtherEnd ? null : gs ? { us: GS, desk: GS } : readKey(event);
    return { gap, inBurst, ends: isSuffix || isOtherEnd, otherEnd: isOtherEnd, gs, reading };
  }

  /** The suffix (or another Enter or Tab) ends the burst: a scan or a refusal swallows it, anything else lets it through. */
  #takeEnd(event: KeyboardEvent, t: number, role: KeyRole): void {
    if (role.inBurst && this.#complete(t, role.otherEnd ? keyName(event) : null)) {
      swallow(event);
      if (event.key === 'Enter' || event.code === 'NumpadEnter') {
        this.#lineEndUntil = t + this.#config.maxInterKeyMs * SUFFIX_GRACE_FACTOR;
        this.#lineEndTarget = keyTarget(event);
      }
    }
    // Not a scan: a carried burst's keys are typed into its field before this key reaches it.
    this.#abandon();
  }

  /** Alt+keypad digits: an Alt code, read when Alt is released. Returns whether the key was one. */
  #takeAltDigit(event: KeyboardEvent, t: number, inBurst: boolean): boolean {
    if (!isAltDigit(event) || !(inBurst || this.#keys === 0)) return false;
    if (this.#keys === 0 && !this.#altDigits) this.#first = t;
    this.#altDigits += event.code.slice(6);
    this.#last = t;
    if (inBurst) swallow(event);
    return true;
  }

  /** A character key (or an unreadable one) of the burst: read it, and keep it from the page where it is the scanner's. */
  #takeCharacter(event: KeyboardEvent, target: EventTarget | null, t: number, role: KeyRole): void {
    const { gs, inBurst, reading } = role;
    const modified = !gs && (event.ctrlKey || event.metaKey || (event.altKey && !event.getModifierState?.('AltGraph')));
    const read: KeyReading | null = modified || reading?.us == null ? null : reading;
    // Attached to a field, keys type into it until a scan is certain (the field's owner then
    // restores or clears it): swallowing there would eat a fast typist's second digit.
    const inField = !(this.#options.ignoreTextEntry ?? true) || this.#inField;
    if (read === null) {
      this.#takeUnreadable(event, t, inBurst && !inField);
      return;
    }
    if (isControlChar(read.us ?? '') && this.#unreadable.length < 5) this.#unreadable.push(keyName(event));
    const evidence = gs ? null : evidenceOf(event);
    if (evidence) this.#evidence[evidence] += 1;
    if (event.getModifierState?.('CapsLock')) this.#capsLock = true;
    // Window-wide, the first key might be a person's; the following fast ones are the scanner's
    // and must not reach the page (Space would press a focused button, F5 would reload).
    if (inBurst && !inField) swallow(event);
    // A select's type-ahead takes the first key: its choice is put back if the burst is a scan.
    if (this.#keys === 0 && !inField && target instanceof HTMLSelectElement) this.#snapshot = snapshotField(target);
    if (!gs && !event.ctrlKey && !event.metaKey && [...event.key].length === 1 && this.#typed.length <= this.#maxCodeLength + this.#config.prefix.length) this.#typed += event.key;
    this.#append(read, t);
  }

  /**
   * A key that is no character. Outside a burst this is a person's shortcut or navigation key (in
   * a field: Backspace, arrows); inside a window-wide burst, an unreadable key the scanner sent (an
   * unmapped control character, an F-key...). In the scan box a person's Backspace or arrow is the
   * field's, as it would be to the scan box's own detector: the carried keys are typed there first.
   */
  #takeUnreadable(event: KeyboardEvent, t: number, inWindowBurst: boolean): void {
    if (!inWindowBurst || this.#carry) {
      this.#abandon();
      return;
    }
    this.#append({ us: REPLACEMENT, desk: REPLACEMENT }, t);
    if (this.#unreadable.length < 5) this.#unreadable.push(keyName(event));
    swallow(event);
  }

  #timeOf(event: KeyboardEvent): number {
    return this.#options.now ? this.#options.now() : event.timeStamp > 0 ? event.timeStamp : this.#now();
  }

  /**
   * Whether a key landing in a text field continues this window-wide burst: only in a scan target,
   * only while the burst is under way at scanner speed, and only in the one field it went into.
   */
  #carriesInto(target: EventTarget | null, event: KeyboardEvent, t: number): target is HTMLInputElement {
    if (!isScanTarget(target) || this.#keys === 0) return false;
    if (this.#carry !== null && this.#carry !== target) return false;
    const limit = this.#config.maxInterKeyMs;
    const allowed = MODIFIER_KEYS.has(event.key) || this.#isSuffix(event) ? limit * SUFFIX_GRACE_FACTOR : limit;
    return t - this.#last <= allowed;
  }

  /** Whether a key landing in a text field continues the burst being read in that field. */
  #continuesIn(target: EventTarget | null, event: KeyboardEvent, t: number): boolean {
    if (!this.#inField || this.#keys === 0 || this.#snapshot?.field !== target) return false;
    const limit = this.#config.maxInterKeyMs;
    const allowed = MODIFIER_KEYS.has(event.key) || this.#isSuffix(event) ? limit * SUFFIX_GRACE_FACTOR : limit;
    return t - this.#last <= allowed;
  }

  /** Ends the burst as no scan: a burst carried into a scan target has its characters typed there. */
  #abandon(): void {
    const field = this.#carry;
    const typed = this.#typed;
    this.reset();
    if (field) typeInto(field, typed);
  }

  #flushAltCode(t: number): void {
    const digits = this.#altDigits;
    this.#altDigits = '';
    if (!digits) return;
    const ch = String.fromCharCode(Number(digits) % 256);
    this.#append({ us: ch, desk: ch }, t);
  }

  #isSuffix(event: KeyboardEvent): boolean {
    if (event.altKey || event.metaKey) return false;
    // Ctrl+M (CR) and Ctrl+J (LF) are how some wedges type the line end.
    if (this.#config.suffix === 'Enter') return isLineEndKey(event);
    if (event.ctrlKey) return false;
    return this.#config.suffix === 'Tab' && event.key === 'Tab' && !event.shiftKey;
  }

  #append(read: KeyReading, t: number): void {
    if (this.#keys === 0 && !this.#altDigits) this.#first = t;
    this.#keys += 1;
    this.#last = t;
    if (this.#us.length < this.#maxCodeLength + this.#config.prefix.length + 1) {
      this.#us += read.us ?? REPLACEMENT;
      this.#desk += read.desk ?? read.us ?? REPLACEMENT;
    }
    if (this.#codeKeys() >= this.#config.minLength && !this.#cancelIdle) this.#watchIdle();
  }

  /** The reading this burst is taken in: the setting, else the burst's evidence, else the last burst's. */
  #reading(): 'us' | 'desk' {
    const set = this.#config.scannerLayout ?? 'auto';
    if (set !== 'auto') return set;
    const { us, desk } = this.#evidence;
    if (us !== desk) this.#lastReading = desk > us ? 'desk' : 'us';
    return this.#lastReading;
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

  /** Ends a burst that got no suffix: long enough to be a scanner's -> a scan (suffix 'None') or clear feedback. */
  #endBurst(): void {
    if (this.#altDigits) this.#flushAltCode(this.#last);
    if (this.#config.suffix === 'None' && this.#codeKeys() >= this.#config.minLength) {
      this.#complete(this.#last, null);
      this.reset();
      return;
    }
    if (this.#codeKeys() >= this.#config.minLength) {
      const suffix = this.#config.suffix;
      this.#reject(
        this.#keys > this.#maxCodeLength + this.#config.prefix.length ? 'too_long' : 'no_suffix',
        this.#keys > this.#maxCodeLength + this.#config.prefix.length
          ? m.scan_reject_too_long({ keys: formatNumber(this.#keys), max: this.#maxCodeLength })
          : m.scan_reject_no_suffix({ keys: this.#keys, suffix }),
      );
    }
    this.#abandon();
  }

  /** The suffix came in time. Returns true when the burst was a scanner's (scan or refusal). */
  #complete(t: number, wrongEnd: string | null): boolean {
    const prefix = this.#config.prefix;
    if (this.#codeKeys() < this.#config.minLength) return false;
    if (this.#keys > this.#maxCodeLength + prefix.length) {
      return this.#reject('too_long', m.scan_reject_too_long({ keys: formatNumber(this.#keys), max: this.#maxCodeLength }));
    }
    if (wrongEnd) {
      return this.#reject(
        'wrong_suffix',
        this.#config.suffix === 'None' ? m.scan_reject_wrong_suffix_none({ key: wrongEnd }) : m.scan_reject_wrong_suffix({ key: wrongEnd, expected: this.#config.suffix }),
      );
    }
    if (this.#unreadable.length > 0) {
      return this.#reject('unreadable', m.scan_reject_unreadable({ keys: this.#unreadable.join(', ') }));
    }
    const reading = this.#reading();
    let code = reading === 'us' ? this.#us : this.#desk;
    let other = reading === 'us' ? this.#desk : this.#us;
    if (prefix) {
      const matches = [...prefix].every((p, i) => this.#us[i] === p || this.#desk[i] === p);
      if (!matches) return this.#reject('missing_prefix', m.scan_reject_missing_prefix({ prefix }));
      code = code.slice(prefix.length);
      other = other.slice(prefix.length);
    }
    // Spaces a scanner adds around a code (as prefix or suffix) are not part of it.
    code = code.trim();
    other = other.trim();
    const scan: DetectedScan = {
      code,
      keys: this.#keys,
      durationMs: Math.max(0, t - this.#first),
      reading,
      otherReading: other === code ? null : other,
      capsLock: this.#capsLock,
    };
    const snapshot = this.#snapshot;
    this.reset();
    snapshot?.restore();
    this.#options.onScan(scan);
    return true;
  }

  /**
   * Refuses the burst and returns true; a burst carried into a scan target is not refused but
   * typed there, and one read in a text field is left there as typed (either may be a person's):
   * false is returned.
   */
  #reject(reason: RejectReason, message: string): boolean {
    if (this.#carry || this.#inField) {
      this.#abandon();
      return false;
    }
    const burst: RejectedBurst = { reason, keys: this.#keys, message, preview: previewOf(this.#reading() === 'us' ? this.#us : this.#desk), unreadableKeys: [...this.#unreadable] };
    this.reset();
    this.#options.onReject?.(burst);
    return true;
  }
}

/** A keypad digit typed with Alt held: part of an Alt code (Alt+0029 is a GS). */
function isAltDigit(event: KeyboardEvent): boolean {
  return event.altKey && /^Numpad[0-9]$/.test(event.code);
}

function swallow(event: KeyboardEvent): void {
  event.preventDefault();
  event.stopPropagation();
}
