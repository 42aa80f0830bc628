import type { SetPinInput, SetRoleInput } from '../../../shared/ipc/approval-records';
import type { AddWorkerInput, SwitchWorkerInput, Workers } from '../../../shared/ipc/desk-work-records';
import type { WorkerBadgeAnswer } from '../../../shared/ipc/records';
import type { DeskError, Result } from '../../../shared/ipc/result';
import { m } from '../i18n/messages';
import { call } from './desk';
import { pushNotice } from './notices.svelte';

/**
 * Who is at the desk, and the desk's list of workers. `pinFor`: a worker who is to enter their
 * own PIN to start at the desk (the policy requires it; their badge was scanned), for the worker
 * picker to ask.
 */
export const workers = $state<{ value: Workers; error: DeskError | null; pinFor: { id: string; name: string } | null }>({
  value: { workers: [], current: null },
  error: null,
  pinFor: null,
});

function keep(r: Result<Workers>): Result<Workers> {
  if (r.ok) {
    workers.value = r.value;
    workers.error = null;
  } else workers.error = r.error;
  return r;
}

export async function loadWorkers(): Promise<void> {
  keep(await call((d) => d.workers.list()));
}

export async function addWorker(input: AddWorkerInput): Promise<Result<Workers>> {
  return keep(await call((d) => d.workers.add(input)));
}

export async function switchWorker(input: SwitchWorkerInput): Promise<Result<Workers>> {
  return keep(await call((d) => d.workers.switch(input)));
}

export async function setWorkerPin(input: SetPinInput): Promise<Result<Workers>> {
  return keep(await call((d) => d.workers.setPin(input)));
}

export async function setWorkerRole(input: SetRoleInput): Promise<Result<Workers>> {
  return keep(await call((d) => d.workers.setRole(input)));
}

/** A badge was scanned (on any screen, in a count too): that worker is at the desk now, or is asked for their PIN first. */
export function badgeScanned(answer: WorkerBadgeAnswer): void {
  if (!answer.switched) {
    workers.pinFor = { id: answer.workerId, name: answer.name };
    return;
  }
  void loadWorkers();
  pushNotice({ level: 'info', code: 'worker_switched', message: m.scan_worker_switched({ name: answer.name }) });
}
