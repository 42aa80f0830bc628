import { spawn } from 'node:child_process';
import { PrintQueueName } from '../../shared/ipc/printer-records';
import { failure } from '../../shared/ipc/result';

/** A printer queue of the system (CUPS) that passes bytes through untouched: `lp -o raw`. */
export interface RawQueue {
  queue: string;
}

/** `lp`'s answer when it took a job: "request id is Zebra-42 (1 file(s))". */
const REQUEST_ID = /request id is (\S+)/;
/** What `lp` and `lpstat` say of a queue the system does not have (CUPS words it in English under LANG=C). */
const UNKNOWN_QUEUE = /does not exist|Invalid destination name|Unknown destination|not found/i;

/** Checked again just before a program is started: a name that got past the IPC check some other way still cannot become an option. */
function checkedQueue(queue: string): string {
  if (!PrintQueueName.safeParse(queue).success) throw failure('invalid_argument', 'That is not the name of a print queue.', { reason: 'print_queue_name' });
  return queue;
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a CUPS program with an argument list (no shell), `input` on its stdin, killed after `timeoutMs`. */
function run(program: string, args: string[], input: string | null, target: RawQueue, timeoutMs: number): Promise<Ran> {
  return new Promise<Ran>((resolve, reject) => {
    // English answers whatever the desk's language, so the unknown-queue words are recognised;
    // the rest of the environment (`CUPS_SERVER`, the print server) is the desk's own.
    const child = spawn(program, args, { env: { ...process.env, LANG: 'C', LC_ALL: 'C' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle(() => reject(failure('timeout', `The system's print queue ${target.queue} did not answer in time.`, { reason: 'printer_timeout', params: { printer: target.queue } })));
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          failure('print_failed', `The system's printing (${program}) could not be started here (${error.code ?? error.message}).`, { reason: 'print_system_missing' }),
        ),
      ),
    );
    child.once('close', (code) => settle(() => resolve({ code, stdout, stderr })));
    // A program that exits before reading its input closes the pipe: its exit code says why.
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? '', 'utf8');
  });
}

function refused(target: RawQueue, ran: Ran): Error {
  const said = (ran.stderr || ran.stdout).trim().slice(0, 300);
  if (UNKNOWN_QUEUE.test(said)) return failure('print_failed', `The system has no print queue ${target.queue}.`, { reason: 'print_queue_unknown', params: { printer: target.queue } });
  return failure('network_error', `The system's print queue ${target.queue} did not take the job (${said || `exit ${String(ran.code)}`}).`, { reason: 'printer_refused', params: { printer: target.queue } });
}

/**
 * Hands a ZPL document to the system's queue untouched (`lp -d <queue> -o raw`, the document on
 * stdin) and resolves with the system's job id once the queue has every byte. From there the
 * system sends it to the printer, also when the printer is briefly off.
 */
export async function sendToQueue(target: RawQueue, zpl: string, timeoutMs: number): Promise<string | null> {
  const queue = checkedQueue(target.queue);
  const ran = await run('lp', ['-d', queue, '-o', 'raw', '--'], zpl, target, timeoutMs);
  if (ran.code !== 0) throw refused(target, ran);
  return REQUEST_ID.exec(ran.stdout)?.[1] ?? null;
}

/**
 * Whether the queue takes jobs now (`lpstat -p <queue>`): a queue someone stopped at the system
 * (disabled, paused) holds the desk's job in the desk, where the worker sees why and can cancel
 * it, rather than in the system's queue. Unknown queue: the typed error.
 */
export async function queueReady(target: RawQueue, timeoutMs: number): Promise<void> {
  const queue = checkedQueue(target.queue);
  const ran = await run('lpstat', ['-p', queue], null, target, timeoutMs);
  if (ran.code !== 0) throw refused(target, ran);
  if (/\bdisabled\b|\bpaused\b/i.test(ran.stdout)) {
    throw failure('print_failed', `The system's print queue ${target.queue} is stopped.`, { reason: 'print_queue_stopped', params: { printer: target.queue } });
  }
}
