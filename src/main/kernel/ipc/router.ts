import type { z } from 'zod';
import { channels, isChannel, type Channel, type Output, type ParsedInput } from '../../../shared/ipc/contract';
import type { DeskError, Result } from '../../../shared/ipc/result';
import { toDeskError } from './desk-error';

export type Handlers = {
  [C in Channel]: (input: ParsedInput<C>) => Promise<Output<C>> | Output<C>;
};

/** The handlers one capability contributes; the composition root merges them into `Handlers`. */
export type HandlerMap<C extends Channel> = Pick<Handlers, C>;

export interface RouterOptions<Sender> {
  /** Decided by the transport: Electron checks the frame's URL, the harness its session token. */
  isTrustedSender: (sender: Sender) => boolean;
  /** Where unexpected exceptions go; never shown to the renderer. */
  logError?: (channel: string, error: unknown) => void;
}

export interface IpcRouter<Sender> {
  /** Never throws: every outcome is a Result that survives structured cloning. */
  handle(channel: unknown, input: unknown, sender: Sender): Promise<Result<unknown>>;
}

function invalidArgument(channel: string, issues: z.core.$ZodIssue[]): DeskError {
  return {
    code: 'invalid_argument',
    message: `The app sent ${channel} an invalid argument.`,
    reason: 'app',
    details: issues.slice(0, 20).map((i) => ({ field: i.path.map(String).join('.') || '(input)', problem: i.message })),
  };
}

export function createIpcRouter<Sender>(handlers: Handlers, options: RouterOptions<Sender>): IpcRouter<Sender> {
  return {
    async handle(channel, input, sender) {
      try {
        if (!options.isTrustedSender(sender)) {
          return { ok: false, error: { code: 'untrusted_sender', message: 'This window may not use the desk API.' } };
        }
        if (!isChannel(channel)) {
          return { ok: false, error: { code: 'unknown_channel', message: 'No such desk API call.' } };
        }
        const parsed = channels[channel].input.safeParse(input);
        if (!parsed.success) return { ok: false, error: invalidArgument(channel, parsed.error.issues) };
        const handler = handlers[channel] as (input: unknown) => unknown;
        return { ok: true, value: await handler(parsed.data) };
      } catch (error) {
        const known = toDeskError(error);
        if (known !== undefined) return { ok: false, error: known };
        options.logError?.(typeof channel === 'string' ? channel : '(unknown)', error);
        return { ok: false, error: { code: 'internal_error', message: 'Something went wrong inside the app. Please try again.' } };
      }
    },
  };
}
