import { basename } from 'node:path';
import type { AccountStatus, Settings, SyncStatus } from '../../shared/ipc/records';
import type { PolicyStatus } from '../../shared/ipc/policy-records';
import type { FileSaver } from '../kernel/file-saver';
import { details, type DeclaredChannels, type Journal } from '../journal';
import type { Outbox } from '../outbox';
import { logTail } from './log-tail';
import type { ScannerCheckStore } from './scanner-check-store';
import { JOURNAL_TAIL_LINES, SYNC_FAILURES, supportFileName, supportZip } from './support-file';

export interface SupportDeps {
  dataDir: string;
  appVersion: string;
  settings: () => Settings;
  policy: PolicyStatus;
  account: () => AccountStatus;
  sync: () => SyncStatus;
  /** The signed-in account's outbox (signed out: one that lists nothing). */
  outbox: () => Outbox;
  journal: Journal;
  scannerCheck: ScannerCheckStore;
  save: FileSaver;
  now?: () => Date;
}

/** Signed in or out: a desk that cannot sign in is the one IT most needs a support file from. */
export function supportChannels(deps: SupportDeps): DeclaredChannels<'support.createFile' | 'support.scannerCheck'> {
  const now = deps.now ?? (() => new Date());
  return {
    'support.createFile': {
      handle: () => {
        const createdAt = now();
        const settings = deps.settings();
        const uncertain = deps.outbox().list({ states: ['uncertain'], limit: 100 });
        const zip = supportZip({
          appVersion: deps.appVersion,
          deskName: settings.deskName,
          createdAt,
          settings,
          policy: deps.policy,
          account: deps.account(),
          sync: deps.sync(),
          outbox: { counts: uncertain.counts, uncertain: uncertain.entries },
          scannerCheck: deps.scannerCheck.last(),
          journal: deps.journal.search({ limit: JOURNAL_TAIL_LINES }).entries,
          syncFailures: deps.journal.search({ kind: 'sync', outcome: 'failed', limit: SYNC_FAILURES }).entries,
          log: logTail(deps.dataDir),
        });
        return deps.save(supportFileName(settings.deskName, createdAt), zip, 1);
      },
      journal: (_input, file) =>
        file.status === 'cancelled' ? null : { kind: 'export', code: null, sku: null, details: details('support_file', { file: file.status === 'saved' ? basename(file.path) : file.fileName }), outcome: 'done', requestId: null },
    },
    'support.scannerCheck': {
      handle: (result) => {
        deps.scannerCheck.save(result);
        return null;
      },
    },
  };
}
