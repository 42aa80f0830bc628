// The words of each finding come from the catalogue; what is decoded and judged never depends on the language.
import type { SheetCode } from '../../../shared/codes/scanner-test-sheet';
import { m } from '../i18n/messages';
import type { ScannerConfig } from './detector';
import { evidenceOf, GS, isGroupSeparatorKey, isLineEndKey, keyName, MODIFIER_KEYS, readKey, type KeyLike } from './key-map';

/**
 * The scanner setup check: the worker scans known codes from a test sheet, and from the keys
 * that arrived this tells in plain words what is wrong, which app settings would fix it, and what
 * to change on the scanner for the rest. Pure: it reads recorded keys, not the DOM.
 */

export { TEST_SHEET, type SheetCode } from '../../../shared/codes/scanner-test-sheet';

/** A sheet code's caption in the desk's language (the shared sheet's own caption is what main prints). */
export function sheetTitle(code: SheetCode): string {
  switch (code.id) {
    case 'layout':
      return m.sheet_layout();
    case 'gs1':
      return m.sheet_gs1();
    case 'digits':
      return m.sheet_digits();
  }
}

export interface RecordedKey extends KeyLike {
  type: 'keydown' | 'keyup';
  /** ms, any origin. */
  t: number;
}

export type FindingId = 'ok' | 'layout_setting' | 'layout_mismatch' | 'caps_lock' | 'prefix_extra' | 'prefix_missing' | 'suffix_missing' | 'suffix_other' | 'suffix_extra' | 'gs_unread' | 'gs_dropped' | 'too_slow' | 'too_slow_for_any' | 'unrecognised';

export interface Finding {
  id: FindingId;
  /** Plain words for the worker. */
  text: string;
  /** The app settings that fix it, when the app can. */
  fix?: Partial<Pick<ScannerConfig, 'prefix' | 'suffix' | 'gsKey' | 'scannerLayout' | 'maxInterKeyMs'>>;
  /** What to change on the scanner (its manual's setting), when only the scanner can fix it. */
  scannerSetting?: string;
}

const AIM = /^\][A-Za-z][0-9A-Za-z]/;
const MAX_LIMIT = 500;

function visible(text: string): string {
  return text.replaceAll(GS, '␝');
}

/** Reads what the keys of one scan delivered, in both readings, with suffix, gaps and unreadable keys apart. */
function decode(keys: readonly RecordedKey[], config: ScannerConfig) {
  let us = '';
  let desk = '';
  const unreadable: string[] = [];
  const gaps: number[] = [];
  const suffix: string[] = [];
  const evidence = { us: 0, desk: 0 };
  let capsLock = false;
  let altDigits = '';
  let last: number | null = null;
  const addChar = (u: string, d: string, t: number): void => {
    if (last !== null) gaps.push(t - last);
    last = t;
    us += u;
    desk += d;
  };
  for (const k of keys) {
    if (k.type === 'keyup') {
      if (k.key === 'Alt' && altDigits) {
        const ch = String.fromCharCode(Number(altDigits) % 256);
        altDigits = '';
        addChar(ch, ch, k.t);
      }
      continue;
    }
    if (MODIFIER_KEYS.has(k.key)) continue;
    if (k.getModifierState?.('CapsLock')) capsLock = true;
    if (isLineEndKey(k) || k.key === 'Tab') {
      suffix.push(k.key === 'Tab' ? 'Tab' : 'Enter');
      continue;
    }
    if (suffix.length > 0) suffix.push(keyName(k)); // keys after a suffix: part of what follows
    if (k.altKey && /^Numpad[0-9]$/.test(k.code)) {
      altDigits += k.code.slice(6);
      continue;
    }
    if (isGroupSeparatorKey(k, config.gsKey)) {
      addChar(GS, GS, k.t);
      continue;
    }
    const read = k.ctrlKey || k.altKey ? null : readKey(k);
    if (!read || read.us === null) {
      unreadable.push(keyName(k));
      addChar('\uFFFD', '\uFFFD', k.t);
      continue;
    }
    const e = evidenceOf(k);
    if (e) evidence[e] += 1;
    addChar(read.us, read.desk ?? read.us, k.t);
  }
  const suffixEnd = suffix.length > 0 ? keys.find((k) => k.type === 'keydown' && (isLineEndKey(k) || k.key === 'Tab')) : undefined;
  if (suffixEnd && last !== null) gaps.push(Math.max(0, suffixEnd.t - last) / 2); // the suffix may trail by twice the limit
  return { us, desk, unreadable, gaps, suffix, evidence, capsLock };
}

interface Match {
  reading: 'us' | 'desk';
  prefix: string;
  extraEnd: string;
  aim: string;
}

/** Where `expected` sits in `received` (a symbology identifier in front is fine: the parser strips it). */
function locate(received: string, expected: string, reading: 'us' | 'desk'): Match | null {
  const at = received.indexOf(expected);
  if (at < 0) return null;
  let before = received.slice(0, at);
  const aim = AIM.exec(before.slice(-3))?.[0] ?? '';
  if (aim && before.endsWith(aim)) before = before.slice(0, -3);
  return { reading, prefix: before.trim(), extraEnd: received.slice(at + expected.length).trim(), aim };
}

/** What is wrong, judged from the keys of one scan of `code`. An empty list never comes back: all well is a finding too. */
export function diagnose(code: SheetCode, keys: readonly RecordedKey[], config: ScannerConfig): Finding[] {
  const d = decode(keys, config);
  const findings: Finding[] = [];
  if (d.us.length === 0) return [{ id: 'unrecognised', text: m.setup_no_chars() }];

  // Timing first: a scan the detector splits never arrives whole, whatever else is right.
  const slowest = Math.max(0, ...d.gaps);
  if (slowest > MAX_LIMIT) {
    findings.push({
      id: 'too_slow_for_any',
      text: m.setup_too_slow_any({ ms: Math.round(slowest) }),
      scannerSetting: m.setup_too_slow_any_fix(),
    });
  } else if (slowest > config.maxInterKeyMs) {
    const limit = Math.min(MAX_LIMIT, Math.ceil((slowest * 1.25) / 5) * 5);
    findings.push({ id: 'too_slow', text: m.setup_too_slow({ ms: Math.round(slowest), limit: config.maxInterKeyMs }), fix: { maxInterKeyMs: limit } });
  }

  // GS: the only code on the sheet that holds one.
  let expected = code.text;
  const gsExpected = expected.includes(GS);
  const gsUnread = gsExpected && d.unreadable.length > 0;
  const usText = gsUnread ? d.us.replaceAll('\uFFFD', GS) : d.us;
  const deskText = gsUnread ? d.desk.replaceAll('\uFFFD', GS) : d.desk;
  let match = locate(usText, expected, 'us') ?? locate(deskText, expected, 'desk');
  if (!match && gsExpected) {
    const dropped = expected.replaceAll(GS, '');
    match = locate(usText, dropped, 'us') ?? locate(deskText, dropped, 'desk');
    if (match) {
      expected = dropped;
      findings.push({
        id: 'gs_dropped',
        text: m.setup_gs_dropped(),
        scannerSetting: m.setup_gs_dropped_fix(),
      });
    }
  }
  if (gsUnread && match) {
    const key = d.unreadable[0] ?? '';
    const single = /^F\d{1,2}$/.test(key) || /^[A-Za-z0-9]+$/.test(key);
    findings.push(
      single
        ? { id: 'gs_unread', text: m.setup_gs_unread_key({ key }), fix: { gsKey: key } }
        : {
            id: 'gs_unread',
            text: m.setup_gs_unreadable({ key }),
            scannerSetting: m.setup_gs_unreadable_fix(),
          },
    );
  } else if (d.unreadable.length > 0 && !gsUnread) {
    findings.push({ id: 'unrecognised', text: m.setup_unrecognised({ keys: d.unreadable.join(', ') }), scannerSetting: m.setup_unrecognised_fix() });
  }

  if (!match) {
    const lower = expected.toLowerCase();
    const caseOnly = d.us.toLowerCase().includes(lower) || d.desk.toLowerCase().includes(lower);
    if (caseOnly) {
      findings.push({ id: 'caps_lock', text: m.setup_case_swapped(), scannerSetting: m.setup_case_swapped_fix() });
    } else {
      findings.push({
        id: 'layout_mismatch',
        text: m.setup_layout_mismatch({ sent: visible(d.desk), expected: visible(code.text) }),
        scannerSetting: m.setup_layout_mismatch_fix(),
      });
    }
    return findings;
  }

  // Which reading the app would take on its own, and whether the setting must say otherwise.
  const same = usText === deskText;
  if (!same) {
    const auto = d.evidence.desk > d.evidence.us ? 'desk' : d.evidence.us > d.evidence.desk ? 'us' : null;
    const current = config.scannerLayout && config.scannerLayout !== 'auto' ? config.scannerLayout : (auto ?? 'us');
    if (current !== match.reading) {
      findings.push({
        id: 'layout_setting',
        text: match.reading === 'desk' ? m.setup_layout_desk() : m.setup_layout_us(),
        fix: { scannerLayout: match.reading },
      });
    }
  }
  if (d.capsLock) findings.push({ id: 'caps_lock', text: m.setup_caps_on(), scannerSetting: m.setup_caps_on_fix() });

  if (match.prefix !== config.prefix) {
    if (match.prefix && match.prefix.length <= 8) findings.push({ id: 'prefix_extra', text: m.setup_prefix_extra({ prefix: match.prefix }), fix: { prefix: match.prefix } });
    else if (match.prefix) findings.push({ id: 'prefix_extra', text: m.setup_prefix_too_long({ prefix: match.prefix }), scannerSetting: m.setup_prefix_too_long_fix() });
    else findings.push({ id: 'prefix_missing', text: m.setup_prefix_missing({ prefix: config.prefix }), fix: { prefix: '' } });
  }
  if (match.extraEnd) findings.push({ id: 'suffix_extra', text: m.setup_suffix_extra({ extra: visible(match.extraEnd) }), scannerSetting: m.setup_suffix_extra_fix() });

  const sent = d.suffix[0] ?? null;
  const wanted = config.suffix;
  if (sent === null && wanted !== 'None') {
    findings.push({
      id: 'suffix_missing',
      text: m.setup_suffix_missing({ wanted }),
      fix: { suffix: 'None' },
      scannerSetting: m.setup_suffix_missing_fix(),
    });
  } else if (sent !== null && sent !== wanted) {
    findings.push({ id: 'suffix_other', text: wanted === 'None' ? m.setup_suffix_other_none({ sent }) : m.setup_suffix_other({ sent, wanted }), fix: { suffix: sent === 'Tab' ? 'Tab' : 'Enter' } });
  }
  if (findings.length === 0) findings.push({ id: 'ok', text: match.aim ? m.setup_ok_aim({ aim: match.aim }) : m.setup_ok() });
  return findings;
}

/** The settings that fix every finding the app can fix, merged. */
export function fixesOf(findings: readonly Finding[]): Finding['fix'] {
  return Object.assign({}, ...findings.map((f) => f.fix ?? {})) as Finding['fix'];
}
