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
  /** The journal line of a call that was refused or failed: `thrown` as the router will answer it. */
  journalFailure?: (input: ParsedInput<C>, thrown: unknown) => Line;
}

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

function attach<Line>(d: ChannelDeclaration<Channel, Line>, record: (line: Line) => void): (input: unknown) => unknown {
  const { guard, handle, journal, journalFailure } = d as unknown as {
    guard?: (input: unknown) => unknown;
    handle: (input: unknown) => unknown;
    journal?: (input: unknown, output: unknown) => Line | null;
    journalFailure?: (input: unknown, thrown: unknown) => Line;
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
      if (journalFailure) record(journalFailure(input, error));
      throw error;
    }
  };
}
