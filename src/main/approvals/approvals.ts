import type Database from 'better-sqlite3';
import type { Approval, ApprovalAction, ApprovalRequest, SupervisorRules } from '../../shared/ipc/approval-records';
import { failure } from '../../shared/ipc/result';
import type { WorkerStore } from '../workers';
import { ApprovalTokens } from './approval-tokens';
import { PinCheck, pinRefused, type Clocks } from './pin-check';

export interface ApprovalDeps {
  db: Database.Database;
  workers: WorkerStore;
  /** The policy's `supervisor` section, or the desk's defaults. */
  rules: () => SupervisorRules;
  clocks: Clocks;
}

/**
 * A supervisor's approval of one action: their PIN checked (with its lockout), then a token for
 * that action's values, which the action's own channel spends (`gate`) before it does anything.
 */
export class Approvals {
  readonly #deps: ApprovalDeps;
  readonly #pins: PinCheck;
  readonly #tokens: ApprovalTokens;

  constructor(deps: ApprovalDeps) {
    this.#deps = deps;
    this.#pins = new PinCheck(deps.db, deps.rules, deps.clocks);
    this.#tokens = new ApprovalTokens(deps.clocks.monotonic);
  }

  needed(action: ApprovalAction): boolean {
    const { approve } = this.#deps.rules();
    switch (action.kind) {
      case 'adjust':
        return approve.adjustmentsFrom !== null && Math.abs(action.delta) >= approve.adjustmentsFrom;
      // Once a supervisor can approve, nobody may make themselves one, or change a PIN, without them;
      // before that, the first supervisor has to be named somehow.
      case 'worker':
        return this.#deps.workers.state().workers.some((w) => w.role === 'supervisor' && w.hasPin);
      case 'uncertain':
        return approve.discardUncertain;
      case 'shipment':
        return approve.cancelShipment;
      // Whether the change touches more than the comfort settings is the settings channel's to say.
      case 'settings':
        return approve.changeSettings;
    }
  }

  async request({ supervisor, pin, action }: ApprovalRequest): Promise<Approval> {
    const who = this.#deps.workers.withPin(supervisor);
    if (!who) throw failure('worker_not_found', 'No worker has that badge. Add it in Settings, Workers.', { reason: 'id' in supervisor ? undefined : 'badge' });
    if (who.role !== 'supervisor') throw pinRefused('not_supervisor', who.name, `${who.name} is not a supervisor.`);
    await this.#pins.check(who, pin);
    return { token: this.#tokens.issue(action, who.name), approver: who.name };
  }

  /** Whether the policy requires a worker's own PIN to start at the desk. */
  pinRequired(): boolean {
    return this.#deps.rules().pinRequired;
  }

  /**
   * Where the policy requires it, a worker starts at the desk only with their own PIN (the same
   * lockout as a supervisor's); throws `pin_required` without one, `pin_refused` for a wrong one.
   */
  async proveWorker(who: { id: string } | { badge: string }, pin: string | undefined): Promise<void> {
    if (!this.pinRequired()) return;
    const worker = this.#deps.workers.withPin(who);
    if (!worker) return; // the switch itself says no such worker
    if (pin === undefined) throw failure('pin_required', `${worker.name} enters their PIN to start at the desk.`, { params: { name: worker.name } });
    await this.#pins.check(worker, pin);
  }

  /** Before the action: null when it needs no approval, else the approver of the token (spent). Throws `approval_required`. */
  gate(action: ApprovalAction, token: string | undefined): string | null {
    return this.needed(action) ? this.#tokens.spend(token, action) : null;
  }
}
