import type { Channel, Output, ParsedInput } from '../../../shared/ipc/contract';
import type { HandlerMap } from './router';

/**
 * One channel as its capability declares it, in its own `handlers.ts`: what answers it, and what
 * is attached to it there and nowhere else (the guard that may refuse or answer it first, the
 * line it leaves in the desk's journal). The kernel knows no journal: a line is whatever the
 * composition root's `record` takes.
 */
export interface ChannelDeclaration<C extends Channel, Line> {
  /**
   * Runs first. Throws to refuse the call; returns an answer to give instead of the handler's (a
   * worker's badge scanned where a code is looked up); undefined lets the handler answer.
   */
  guard?: (input: ParsedInput<C>) => Output<C> | undefined;
  handle: (input: ParsedInput<C>) => Promise<Output<C>> | Output<C>;
  /** The journal line of a call that answered (the guard's answer too); null writes none. */
  journal?: (input: ParsedInput<C>, output: Output<C>) => Line | null;
  /** The journal line of a call that was refused or failed: `thrown` as the router will answer it; null writes none. */
  journalFailure?: (input: ParsedInput<C>, thrown: unknown) => Line | null;
  /**
   * For a channel the cache's read connection may answer in a thread of its own, without waiting
   * for the core (`CacheReader`): what the core does once that answer was given in place of
   * `handle`'s. Its journal line is recorded as for any answer.
   */
  answeredByReader?: (input: ParsedInput<C>, output: Output<C>) => void;
}

/**
 * Answers a call from a read-only connection of the cache file, in the reader's thread
 * (core-thread/reader-worker.ts); null leaves it to the core's handler, as does a failure.
 */
export type CacheReader<C extends Channel> = (input: ParsedInput<C>) => Promise<Output<C> | null> | Output<C> | null;

export type CacheReaders<C extends Channel> = { [K in C]: CacheReader<K> };

/** What the core does after the reader answered a call: the declaration's journal line and `answeredByReader`. */
export type ReaderFollowUps = Partial<Record<Channel, (input: unknown, output: unknown) => void>>;

export type ChannelDeclarations<C extends Channel, Line> = { [K in C]: ChannelDeclaration<K, Line> };

/**
 * The handlers of declared channels, each with its guard and journal line attached. A line is
 * recorded once the call has its answer; a failure's line is recorded and the failure thrown on
 * to the router, unchanged.
 */
export function handlersOf<C extends Channel, Line>(declared: ChannelDeclarations<C, Line>, record: (line: Line) => void): HandlerMap<C> {
  const handlers = {} as Record<Channel, (input: unknown) => unknown>;
  for (const channel of Object.keys(declared) as C[]) {
    handlers[channel] = attach(declared[channel] as unknown as ChannelDeclaration<Channel, Line>, record);
  }
  return handlers as unknown as HandlerMap<C>;
}

/** The follow-ups of the declared channels a reader may answer (those with `answeredByReader`). */
export function readerFollowUpsOf<C extends Channel, Line>(declared: ChannelDeclarations<C, Line>, record: (line: Line) => void): ReaderFollowUps {
  const followUps: ReaderFollowUps = {};
  for (const channel of Object.keys(declared) as C[]) {
    const { journal, answeredByReader } = declared[channel] as unknown as {
      journal?: (input: unknown, output: unknown) => Line | null;
      answeredByReader?: (input: unknown, output: unknown) => void;
    };
    if (!answeredByReader) continue;
    followUps[channel] = (input, output) => {
      const line = journal?.(input, output);
      if (line) record(line);
      answeredByReader(input, output);
    };
  }
  return followUps;
}

/** Both of the above, from one set of declarations. */
export function declaredHandlers<C extends Channel, Line>(declared: ChannelDeclarations<C, Line>, record: (line: Line) => void): { handlers: HandlerMap<C>; afterReader: ReaderFollowUps } {
  return { handlers: handlersOf(declared, record), afterReader: readerFollowUpsOf(declared, record) };
}

function attach<Line>(d: ChannelDeclaration<Channel, Line>, record: (line: Line) => void): (input: unknown) => unknown {
  const { guard, handle, journal, journalFailure } = d as unknown as {
    guard?: (input: unknown) => unknown;
    handle: (input: unknown) => unknown;
    journal?: (input: unknown, output: unknown) => Line | null;
    journalFailure?: (input: unknown, thrown: unknown) => Line | null;
  };
  // A channel with nothing attached answers as its handler does, in the same turn.
  if (!guard && !journal && !journalFailure) return handle;
  return async (input) => {
    try {
      const guarded = guard?.(input);
      const output = guarded !== undefined ? guarded : await handle(input);
      const line = journal?.(input, output);
      if (line) record(line);
      return output;
    } catch (error) {
      const line = journalFailure?.(input, error);
      if (line) record(line);
      throw error;
    }
  };
}
