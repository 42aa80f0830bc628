import type { Channel, EventName, EventPayload, Input, Output } from './contract';
import type { Result } from './result';

/** `stock.lookup` becomes `desk.stock.lookup(input)`. Derived from the contract, never written out. */
type DomainOf<C extends string> = C extends `${infer D}.${string}` ? D : never;
type MethodOf<C extends string, D extends string> = C extends `${D}.${infer M}` ? M : never;
export type Domain = DomainOf<Channel>;

type Call<C extends Channel> = undefined extends Input<C> ? (input?: Input<C>) => Promise<Result<Output<C>>> : (input: Input<C>) => Promise<Result<Output<C>>>;

export type DeskApi = {
  readonly [D in Domain]: { readonly [M in MethodOf<Channel, D>]: Call<Extract<`${D}.${M}`, Channel>> };
} & {
  /** Subscribes to a main-process event; returns the unsubscribe function. */
  readonly on: <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void;
};

/** How the bridge reaches main: Electron's ipcRenderer in the app, a loopback in the harness. */
export type Invoke = (channel: Channel, input: unknown) => Promise<unknown>;
export type Subscribe = (listener: (event: string, payload: unknown) => void) => () => void;
