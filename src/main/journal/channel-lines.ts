import type { Channel } from '../../shared/ipc/contract';
import type { JournalWhat } from '../../shared/ipc/desk-work-records';
import type { ChannelDeclarations } from '../kernel/ipc/declare-channels';
import { toDeskError } from '../kernel/ipc/desk-error';
import { deskErrorDetails, details } from './journal-details';
import type { JournalLine } from './journal';

/**
 * A capability's channels, each declared with its handler, its guard and its journal line
 * (kernel/ipc/declare-channels.ts); the composition root records the lines in the desk's journal.
 */
export type DeclaredChannels<C extends Channel> = ChannelDeclarations<C, JournalLine>;

/** What a failed call leaves on its line: the outcome, the service's request id, and the error as data. */
export interface Failed {
  outcome: 'failed';
  requestId: string | null;
  error: NonNullable<JournalWhat['error']>;
  /** The line's details when the action itself names nothing more. */
  details: JournalWhat;
}

export function failed(thrown: unknown): Failed {
  // As the router answers it: a DeskFailure or an ApiError as it is, anything else internal_error.
  const known = toDeskError(thrown);
  const error = known ? deskErrorDetails(known) : { code: 'internal_error', message: 'internal error' };
  return { outcome: 'failed', requestId: known?.requestId ?? null, error, details: details('failed', {}, error) };
}

/** A failed call's part of its line, when the action names nothing more (the error lives in the details). */
export function failedPart(thrown: unknown): Pick<Failed, 'outcome' | 'requestId' | 'details'> {
  const { outcome, requestId, details: d } = failed(thrown);
  return { outcome, requestId, details: d };
}
