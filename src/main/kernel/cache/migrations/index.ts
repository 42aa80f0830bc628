import { catalog } from './0001-catalog';
import { syncAndOutbox } from './0002-sync-and-outbox';
import { stockSearch } from './0003-stock-search';
import { outboxUncertain } from './0004-outbox-uncertain';
import { deskWorkers } from './0005-desk-workers';
import { journal } from './0006-journal';
import { adjustmentLinks } from './0007-adjustment-links';
import { transfers } from './0008-transfers';
import { countSessions } from './0009-count-sessions';
import { journalDetails } from './0010-journal-details';
import { transferUndo } from './0011-transfer-undo';
import { serviceClockAndCounts } from './0012-service-clock-and-counts';
import { printJobs } from './0013-print-jobs';
import { reorderLevels } from './0015-reorder-levels';
import { outboxToCheckAndSeen } from './0016-outbox-to-check-and-seen';
import { workerPins } from './0018-worker-pins';
import { sheetImports } from './0019-sheet-imports';
import { movementsAndEntry } from './0020-movements-and-entry';
import type { Migration } from './types';

export type { Migration } from './types';

/** Every migration, in order. A new one is a new numbered file appended here, never an edit of an old one. */
export const MIGRATIONS: readonly Migration[] = [catalog, syncAndOutbox, stockSearch, outboxUncertain, deskWorkers, journal, adjustmentLinks, transfers, countSessions, journalDetails, transferUndo, serviceClockAndCounts, printJobs, reorderLevels, outboxToCheckAndSeen, workerPins, sheetImports, movementsAndEntry];

export const LATEST_VERSION = MIGRATIONS.at(-1)?.version ?? 0;
