import { z } from './zod';
import { LabelItem } from './label-records';

/**
 * A desk's label printer profiles, one schema for the Settings card and for a machine-wide policy
 * file that presets them: every field bounded, every address and queue name refused unless it is
 * plainly one (no URL, no shell or `lp` option smuggled in a name).
 */

/** A host name (RFC 1123 labels) or an IPv4 address; IPv6 in brackets is left for when a warehouse asks. */
const HOST_PATTERN = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
export const PrinterHost = z.string().regex(HOST_PATTERN, 'a printer is a host name or an IPv4 address');

/** A CUPS queue name: printable characters without space, `/`, `#` or a leading `-` (which `lp` would read as an option). */
export const PrintQueueName = z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.@+-]{0,126}$/, 'a print queue is named with letters, digits and . _ @ + -');

export const PrinterDpi = z.union([z.literal(203), z.literal(300), z.literal(600)]);
export const ThermalRoll = z.enum(['62x29', '57x32', '100x150']);

/** How labels reach the printer: ZPL over the network, ZPL through a raw system queue, or the system dialog / PDF as before. */
const Zpl = {
  dpi: PrinterDpi,
  size: ThermalRoll,
  /** Print darkness 0 to 30 (`~SD`); absent: the printer's own. */
  darkness: z.int().min(0).max(30).optional(),
  /** Inches a second, 2 to 14 (`^PR`); absent: the printer's own. */
  speed: z.int().min(2).max(14).optional(),
};

export const PrinterProfileId = z.string().regex(/^[a-z0-9-]{1,40}$/, 'a profile id is 1 to 40 lower-case letters, digits or -');

export const PrinterProfile = z.discriminatedUnion('kind', [
  z.strictObject({ id: PrinterProfileId, name: z.string().trim().min(1).max(60), kind: z.literal('zpl-network'), host: PrinterHost, port: z.int().min(1).max(65_535).default(9100), ...Zpl }),
  z.strictObject({ id: PrinterProfileId, name: z.string().trim().min(1).max(60), kind: z.literal('zpl-queue'), queue: PrintQueueName, ...Zpl }),
  z.strictObject({ id: PrinterProfileId, name: z.string().trim().min(1).max(60), kind: z.literal('system') }),
]);
export type PrinterProfile = z.infer<typeof PrinterProfile>;

/** The label kinds a desk routes to a printer. */
export const ROUTED_LABELS = ['shelf', 'product', 'shipment'] as const;

/** The desk's printers and which label goes to which: a route names a profile of the list. */
export const PrinterSetup = z
  .strictObject({
    profiles: z.array(PrinterProfile).max(20),
    routes: z.strictObject({ shelf: PrinterProfileId.optional(), product: PrinterProfileId.optional(), shipment: PrinterProfileId.optional() }),
  })
  .superRefine((setup, ctx) => {
    const ids = setup.profiles.map((p) => p.id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['profiles'], message: 'two printer profiles have the same id' });
    for (const label of ROUTED_LABELS) {
      const id = setup.routes[label];
      if (id !== undefined && !ids.includes(id)) ctx.addIssue({ code: 'custom', path: ['routes', label], message: `no printer profile ${id}` });
    }
  });
export type PrinterSetup = z.infer<typeof PrinterSetup>;

export const PrintJobState = z.enum(['waiting', 'sending', 'done', 'cancelled', 'may_have_printed']);

/** What a printer last said of itself (`~HS`): what stops it printing. */
export const PrinterStatus = z.object({ paperOut: z.boolean(), paused: z.boolean(), headOpen: z.boolean(), ribbonOut: z.boolean(), formatsWaiting: z.number().int() });

/** A job of the desk's print queue, as the Settings list shows it. */
export const PrintJob = z.object({
  id: z.string(),
  profileId: z.string(),
  labelKind: z.enum(['shelf', 'product', 'shipment', 'scanner-test', 'test-print']),
  labels: z.number().int(),
  worker: z.string().nullable(),
  state: PrintJobState,
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  /** Why the last attempt failed, as a reason the screens word (`printer_refused`, `printer_not_ready`...). */
  lastError: z.string().nullable(),
  printerStatus: PrinterStatus.nullable(),
  createdAt: z.string(),
  /** The system queue's own id of the job (a raw queue's `lp`), to find it in the system's print log; absent over the network. */
  systemJob: z.string().max(200).optional(),
});
export type PrintJob = z.infer<typeof PrintJob>;

export const PrintJobId = z.strictObject({ id: z.uuid() });

/** Labels of one kind to the thermal printer their kind is routed to; the label size is the printer's roll. */
export const PrintToRouteInput = z.strictObject({ items: z.array(LabelItem).min(1).max(500), copies: z.number().int().min(1).max(100) });
export type PrintToRouteInput = z.infer<typeof PrintToRouteInput>;

export const PrintedToRoute = z.object({ job: PrintJob, printer: z.string() });
export type PrintedToRoute = z.infer<typeof PrintedToRoute>;
