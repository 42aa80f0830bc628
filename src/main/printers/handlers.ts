import type { DeclaredChannels } from '../journal';
import type { PrintService } from './print-service';
import type { PrinterSetupStore } from './printer-setup-store';

export interface PrinterDeps {
  setup: PrinterSetupStore;
  service: PrintService;
}

/**
 * The thermal printers' channels. A job's journal line is written when it goes out or fails
 * (print-service.ts), not when it is queued: queued is not printed.
 */
export function printerChannels({ setup, service }: PrinterDeps): DeclaredChannels<
  'printers.setup' | 'printers.save' | 'printers.delete' | 'printers.route' | 'printers.testPrint' | 'printers.print' | 'printers.jobs' | 'printers.retry' | 'printers.cancel'
> {
  return {
    'printers.setup': { handle: () => setup.setup },
    'printers.save': { handle: (profile) => setup.save(profile) },
    'printers.delete': {
      handle: ({ id }) => {
        const next = setup.delete(id);
        service.cancelJobsOf(id);
        return next;
      },
    },
    'printers.route': { handle: ({ label, profileId }) => setup.route(label, profileId) },
    'printers.testPrint': { handle: ({ id }) => service.testPrint(id) },
    'printers.print': { handle: (input) => service.print(input) },
    'printers.jobs': { handle: () => service.jobs() },
    'printers.retry': { handle: ({ id }) => service.retry(id) },
    'printers.cancel': { handle: ({ id }) => service.cancel(id) },
  };
}
