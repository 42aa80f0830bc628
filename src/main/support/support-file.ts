import { arch, platform, release } from 'node:os';
import { strToU8, zipSync } from 'fflate';
import type { JournalEntry } from '../../shared/ipc/desk-work-records';
import type { AccountStatus, OutboxEntry, OutboxCounts, Settings, SyncStatus } from '../../shared/ipc/records';
import type { PolicyStatus } from '../../shared/ipc/policy-records';
import { toCsv } from '../kernel/csv-file';
import { journalColumns } from '../journal';
import type { ScannerCheckResult } from '../../shared/ipc/desk-work-records';

/** Journal lines in the support file: the last ones, and the sync failures among older ones. */
export const JOURNAL_TAIL_LINES = 500;
export const SYNC_FAILURES = 50;

/** What a support file holds, each part read by the handler from the capability that owns it. */
export interface SupportParts {
  appVersion: string;
  deskName: string | null;
  createdAt: Date;
  settings: Settings;
  policy: PolicyStatus;
  account: AccountStatus;
  sync: SyncStatus;
  outbox: { counts: OutboxCounts; uncertain: OutboxEntry[] };
  scannerCheck: ScannerCheckResult | null;
  /** Newest first, as the journal pages them. */
  journal: JournalEntry[];
  syncFailures: JournalEntry[];
  log: string;
}

const README = `Warehouse Desk support file

about.json          the app's version, Electron, Node and Chromium, the computer's system
settings.json       the desk's settings, the IT policy file's path, its locked settings and problems
account.json        which service and client the desk signs in to, and the sync's state (no secret, no token)
outbox.json         the outbox's counts and the adjustments whose outcome is uncertain
scanner-check.json  the scanner setup check's last result (null: never run on this desk)
sync-failures.csv   recent failed syncs, with the service's request ids
journal.csv         the journal's last lines
desk.log            the log's last lines

It holds no client secret, password or access token: the desk keeps those in the system keychain.
`;

const json = (value: unknown): Uint8Array => strToU8(`${JSON.stringify(value, null, 2)}\n`);
const csv = (deskName: string | null, lines: JournalEntry[]): Uint8Array => strToU8(toCsv(journalColumns(deskName), [...lines].reverse()).content);

/** The versions of what runs the desk; Electron's are absent in a plain Node host (the harness, tests). */
function about(parts: SupportParts): Record<string, unknown> {
  return {
    createdAt: parts.createdAt.toISOString(),
    desk: parts.deskName,
    app: parts.appVersion,
    electron: process.versions['electron'] ?? null,
    chromium: process.versions['chrome'] ?? null,
    node: process.versions.node,
    os: { platform: platform(), release: release(), arch: arch() },
  };
}

/** The support file: one zip, plain text inside, for IT to mail on or open themselves. */
export function supportZip(parts: SupportParts): Uint8Array {
  const { file, locked, serviceUrl, problems } = parts.policy;
  return zipSync(
    {
      'README.txt': strToU8(README),
      'about.json': json(about(parts)),
      'settings.json': json({ settings: parts.settings, policy: { file, locked, serviceUrl, problems } }),
      'account.json': json({ account: parts.account, sync: parts.sync }),
      'outbox.json': json(parts.outbox),
      'scanner-check.json': json(parts.scannerCheck),
      'sync-failures.csv': csv(parts.deskName, parts.syncFailures),
      'journal.csv': csv(parts.deskName, parts.journal),
      'desk.log': strToU8(parts.log),
    },
    { mtime: parts.createdAt },
  );
}

/** `support-dock-3-2026-11-28.zip`: the desk's name keeps the files of many desks apart in IT's mailbox. */
export function supportFileName(deskName: string | null, at: Date): string {
  const desk = (deskName ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40);
  return `support-${desk ? `${desk}-` : ''}${at.toISOString().slice(0, 10)}.zip`;
}
