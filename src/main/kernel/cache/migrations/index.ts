import { catalog } from './0001-catalog';
import { syncAndOutbox } from './0002-sync-and-outbox';
import { stockSearch } from './0003-stock-search';
import { deskWorkers } from './0004-desk-workers';
import { journal } from './0005-journal';
import { adjustmentLinks } from './0006-adjustment-links';
import { transfers } from './0007-transfers';
import type { Migration } from './types';

export type { Migration } from './types';

/** Every migration, in order. A new one is a new numbered file appended here, never an edit of an old one. */
export const MIGRATIONS: readonly Migration[] = [catalog, syncAndOutbox, stockSearch, deskWorkers, journal, adjustmentLinks, transfers];

export const LATEST_VERSION = MIGRATIONS.at(-1)?.version ?? 0;
