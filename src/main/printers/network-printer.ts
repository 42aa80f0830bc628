import { connect, type Socket } from 'node:net';
import { failure } from '../../shared/ipc/result';

/** A ZPL printer on the network: its raw port, 9100 on every Zebra and compatible. */
export interface NetworkPrinter {
  host: string;
  port: number;
}

/** What a printer's answer to `~HS` says stops it printing. */
export interface PrinterStatus {
  paperOut: boolean;
  paused: boolean;
  headOpen: boolean;
  ribbonOut: boolean;
  /** Formats received and not yet printed. */
  formatsWaiting: number;
}

const STX = '\u0002';
const ETX = '\u0003';

/** A refused or lost connection as the desk's typed error: the job waits, it is not a bug. */
function unreachable(printer: NetworkPrinter, error: Error & { code?: string }): Error {
  const reason = error.code === 'ECONNREFUSED' ? 'printer_refused' : 'printer_unreachable';
  return failure('network_error', `The printer at ${printer.host}:${printer.port} did not take the job (${error.code ?? error.message}).`, { reason, params: { printer: `${printer.host}:${printer.port}` } });
}

function timedOut(printer: NetworkPrinter): Error {
  return failure('timeout', `The printer at ${printer.host}:${printer.port} did not answer in time.`, { reason: 'printer_timeout', params: { printer: `${printer.host}:${printer.port}` } });
}

/** One connection: `talk` writes and decides when it is over; any error or the timeout ends it. */
function withConnection<T>(printer: NetworkPrinter, timeoutMs: number, talk: (socket: Socket, done: (value: T) => void, fail: (error: Error) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const socket = connect({ host: printer.host, port: printer.port });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      fn();
    };
    socket.setTimeout(timeoutMs, () => settle(() => reject(timedOut(printer))));
    socket.once('error', (error) => settle(() => reject(unreachable(printer, error))));
    socket.once('connect', () =>
      talk(
        socket,
        (value) => settle(() => resolve(value)),
        (error) => settle(() => reject(error)),
      ),
    );
  });
}

/**
 * Sends a ZPL document as UTF-8 and resolves once the printer has every byte and closed its side
 * (a printer keeps the connection open otherwise, so we end ours after the last byte).
 */
export function sendZpl(printer: NetworkPrinter, zpl: string, timeoutMs: number): Promise<void> {
  return withConnection<void>(printer, timeoutMs, (socket, done) => {
    socket.on('data', () => {});
    socket.once('close', () => done());
    socket.end(zpl, 'utf8');
  });
}

/**
 * Reads the printer's `~HS` answer: three STX...ETX strings. The flags the desk acts on are the
 * second and third fields of the first (paper out, paused), and the third and fourth of the
 * second (head open, ribbon out); the fifth of the first counts formats waiting.
 */
export function parseHostStatus(answer: string): PrinterStatus {
  const strings = answer
    .split(ETX)
    .filter((part) => part.includes(STX))
    .map((part) => part.slice(part.lastIndexOf(STX) + 1).split(','));
  const [first, second] = strings;
  const flag = (value: string | undefined) => {
    if (value !== '0' && value !== '1') throw failure('unexpected_response', 'The printer answered its status in a form the desk does not know.', { reason: 'printer_status' });
    return value === '1';
  };
  if (!first || !second || first.length < 5 || second.length < 4 || !/^\d{1,4}$/.test(first[4] as string)) {
    throw failure('unexpected_response', 'The printer answered its status in a form the desk does not know.', { reason: 'printer_status' });
  }
  return { paperOut: flag(first[1]), paused: flag(first[2]), headOpen: flag(second[2]), ribbonOut: flag(second[3]), formatsWaiting: Number(first[4]) };
}

/** Asks the printer its status (`~HS`): what it answers within `timeoutMs`, or a typed error. */
export function printerStatus(printer: NetworkPrinter, timeoutMs: number): Promise<PrinterStatus> {
  return withConnection<PrinterStatus>(printer, timeoutMs, (socket, done, fail) => {
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk;
      // A status larger than any printer sends is not a status.
      if (answer.length > 512) fail(failure('unexpected_response', 'The printer answered its status in a form the desk does not know.', { reason: 'printer_status' }));
      else if (answer.split(ETX).length > 3 && answer.lastIndexOf(STX) < answer.lastIndexOf(ETX)) {
        try {
          done(parseHostStatus(answer));
        } catch (error) {
          fail(error as Error);
        }
      }
    });
    socket.write('~HS');
  });
}
