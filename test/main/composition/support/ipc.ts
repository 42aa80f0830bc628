import { expect } from 'vitest';
import type { DeskCore } from '../../../../src/main/composition/desk-core';
import { createIpcRouter } from '../../../../src/main/kernel/ipc/router';
import { channels, events as eventSchemas, type Channel, type Input, type Output } from '../../../../src/shared/ipc/contract';
import type { DeskError, Result } from '../../../../src/shared/ipc/result';

/** No argument for a channel without input; an optional one where the input is optional. */
type ArgsOf<C extends Channel> = [Input<C>] extends [undefined] ? [] : undefined extends Input<C> ? [Input<C>?] : [Input<C>];

/**
 * Calls a core through the real IPC router, as the bridge does, and checks every answer against
 * the contract: a value against the channel's output schema, an error against the error shape.
 * Every event the core emits is checked against its schema too.
 */
export function ipcClient(core: Pick<DeskCore, 'handlers' | 'events'>) {
  const router = createIpcRouter(core.handlers, { isTrustedSender: () => true, logError: (_c, e) => console.error(e) });
  const eventProblems: string[] = [];
  core.events.attach((event, payload) => {
    const parsed = eventSchemas[event].safeParse(payload);
    if (!parsed.success) eventProblems.push(`${event}: ${parsed.error.message}`);
  });

  async function raw<C extends Channel>(channel: C, ...input: ArgsOf<C>): Promise<Result<Output<C>>> {
    const result = (await router.handle(channel, input[0], {})) as Result<Output<C>>;
    if (result.ok) {
      const parsed = channels[channel].output.safeParse(result.value);
      expect(parsed.success, `${channel} answered outside its schema: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
    }
    return result;
  }

  return {
    raw,
    /** The value, or the test fails with the error. */
    async call<C extends Channel>(channel: C, ...input: ArgsOf<C>): Promise<Output<C>> {
      const result = await raw(channel, ...input);
      if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`);
      return result.value;
    },
    /** The error, or the test fails. */
    async fail<C extends Channel>(channel: C, ...input: ArgsOf<C>): Promise<DeskError> {
      const result = await raw(channel, ...input);
      if (result.ok) throw new Error(`${channel} was expected to fail, answered ${JSON.stringify(result.value)}`);
      return result.error;
    },
    eventProblems,
  };
}
