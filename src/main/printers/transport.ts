import type { PrinterProfile } from '../../shared/ipc/printer-records';
import { failure } from '../../shared/ipc/result';
import { printerStatus, sendZpl } from './network-printer';
import type { PrintTransport } from './print-queue';

/** Long enough for a 4 x 6 in batch over a slow warehouse network; a printer that takes longer is treated as stuck. */
const SEND_TIMEOUT_MS = 30_000;
const STATUS_TIMEOUT_MS = 5_000;

/**
 * The queue's way to the printers of the desk's profiles: ZPL over the network, with `~HS` asked
 * first. A raw system queue (`lp -o raw`) is not built yet: its jobs wait with that reason.
 */
export function networkTransport(profileOf: (id: string) => PrinterProfile | null, timeouts = { sendMs: SEND_TIMEOUT_MS, statusMs: STATUS_TIMEOUT_MS }): PrintTransport {
  const network = (id: string) => {
    const profile = profileOf(id);
    if (!profile) throw failure('invalid_argument', `No printer profile ${id}.`, { reason: 'printer_profile_not_found' });
    if (profile.kind !== 'zpl-network') throw failure('invalid_argument', `Printer profile ${profile.name} does not print ZPL over the network.`, { reason: 'printer_kind_not_supported' });
    return { host: profile.host, port: profile.port };
  };
  return {
    status: (id) => printerStatus(network(id), timeouts.statusMs),
    deliver: (id, zpl) => sendZpl(network(id), zpl, timeouts.sendMs),
  };
}
