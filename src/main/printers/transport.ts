import type { PrinterProfile } from '../../shared/ipc/printer-records';
import { failure } from '../../shared/ipc/result';
import { printerStatus, sendZpl } from './network-printer';
import type { PrintTransport } from './print-queue';
import { queueReady, sendToQueue } from './raw-queue';

/** Long enough for a 4 x 6 in batch over a slow warehouse network; a printer that takes longer is treated as stuck. */
const SEND_TIMEOUT_MS = 30_000;
const STATUS_TIMEOUT_MS = 5_000;

export interface TransportOptions {
  sendMs: number;
  statusMs: number;
}

/**
 * The queue's way to the printers of the desk's profiles: ZPL over the network with `~HS` asked
 * first, or ZPL through a raw queue of the system (`lp -o raw`) with the queue's state asked first.
 */
export function thermalTransport(profileOf: (id: string) => PrinterProfile | null, options: TransportOptions = { sendMs: SEND_TIMEOUT_MS, statusMs: STATUS_TIMEOUT_MS }): PrintTransport {
  const thermal = (id: string) => {
    const profile = profileOf(id);
    if (!profile) throw failure('invalid_argument', `No printer profile ${id}.`, { reason: 'printer_profile_not_found' });
    if (profile.kind === 'system') throw failure('invalid_argument', `Printer profile ${profile.name} prints through the system dialog, not as ZPL.`, { reason: 'printer_kind_not_supported' });
    return profile;
  };
  return {
    status: async (id) => {
      const profile = thermal(id);
      if (profile.kind === 'zpl-network') return printerStatus(profile, options.statusMs);
      // A raw queue passes no answer back from the printer: the queue's own state is what the desk can know.
      await queueReady(profile, options.statusMs);
      return null;
    },
    deliver: async (id, zpl) => {
      const profile = thermal(id);
      if (profile.kind === 'zpl-network') {
        await sendZpl(profile, zpl, options.sendMs);
        return null;
      }
      return sendToQueue(profile, zpl, options.sendMs);
    },
  };
}
