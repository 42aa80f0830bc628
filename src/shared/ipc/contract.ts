import { z } from './zod';
import * as r from './records';
import * as w from './desk-work-records';
import * as l from './label-records';
import * as p from './policy-records';
import * as lv from './level-records';
import * as im from './import-records';
import * as pr from './printer-records';
import * as mv from './movement-records';
import * as td from './today-records';
import * as a from './approval-records';
import { MAX_CODE_LENGTH } from './defaults';

/**
 * The one place that names an IPC channel. Main's router, the preload's bridge and the renderer
 * all derive from this map; nothing else spells a channel name.
 *
 * `input` is parsed in main from `unknown` before any service runs; `output` is parsed in the
 * bridge when the answer arrives in the renderer.
 */
const none = z.undefined();
// Inputs are strict: an unknown key is refused, not silently dropped, so a caller's typo surfaces.
const page = { limit: z.number().int().min(1).max(500).optional() };
const cursor = z.string().min(1).max(2000).nullish();

export const channels = {
  'app.info': { input: none, output: r.AppInfo },

  'account.status': { input: none, output: r.AccountStatus },
  'account.signIn': { input: r.SignInInput, output: r.AccountStatus },
  'account.signOut': { input: none, output: r.AccountStatus },
  'account.startDemo': { input: none, output: r.AccountStatus },
  /** Whether the service answers, as the signed-in session's probe last found it. */
  'account.connectivity': { input: none, output: r.Connectivity },

  'settings.get': { input: none, output: r.Settings },
  /** With a supervisor's approval of this very change when the policy asks for one (all but the comfort settings). */
  'settings.update': { input: r.SettingsPatch.extend({ approval: a.ApprovalToken.optional() }), output: r.Settings },
  /** What the machine-wide policy file locks and presets, and what in it was refused. */
  'policy.get': { input: none, output: p.PolicyStatus },

  /** A scanned or typed code: SKU, GTIN-8/12/13/14, GS1 element string with AI 01, or shipment token. */
  'stock.lookup': { input: z.strictObject({ code: z.string().min(1).max(MAX_CODE_LENGTH), entry: r.CodeEntry.optional() }), output: r.LookupResult },
  /** The cached stock list, paged by offset for a virtual list; works offline. */
  'stock.search': {
    input: z.strictObject({
      /** Prefix of a SKU, of a word of the name, or of a barcode; when nothing starts with it, text inside one. */
      query: z.string().max(200).optional(),
      warehouseId: r.WarehouseId.optional(),
      sort: z.enum(['sku', 'name', 'onHand', 'available', 'updatedAt']).optional(),
      direction: z.enum(['asc', 'desc']).optional(),
      offset: z.number().int().min(0).max(10_000_000).optional(),
      ...page,
    }),
    /** `capped`: counting stopped past the page asked for, more than `total` items match (asking for a later page counts further). */
    output: z.object({ rows: z.array(r.StockRow), total: z.number().int(), capped: z.literal(true).optional(), match: z.literal('contains').optional() }),
  },
  'stock.adjust': { input: r.AdjustInput, output: r.OutboxEntry },
  /** The stock list as shown, to a CSV file. */
  'stock.export': { input: w.StockExportInput, output: w.ExportedFile },
  /** One SKU's last 30 days at this desk: its journal lines that move stock and the on-hand figures the desk saw change. */
  'stock.movements': { input: mv.MovementsInput, output: mv.SkuMovements },

  /** Moves stock between warehouses: two linked adjustments, the in leg queued once the out leg is applied. */
  'transfers.create': { input: w.TransferInput, output: w.Transfer },
  'transfers.list': { input: z.strictObject({ limit: z.number().int().min(1).max(200).optional() }).optional(), output: z.array(w.Transfer) },
  /**
   * Undo of a whole transfer (never a lone leg): nothing sent, withdrawn; out of the source but not
   * into the destination, put back; both legs applied, moved back by a linked transfer.
   */
  'transfers.undo': { input: z.strictObject({ id: z.string().min(1).max(100) }), output: w.Transfer },
  /** The transfers these outbox entries are legs of, for the outbox and history to show each transfer as one line. */
  'transfers.ofEntries': { input: z.strictObject({ ids: z.array(w.OutboxEntryId).max(500) }), output: z.array(w.Transfer) },

  /** Stock-take: one open count per account, saved scan by scan; submitting queues one adjustment (count_correction) per accepted line, once. */
  'counts.start': { input: w.CountStartInput, output: w.CountSession },
  'counts.current': { input: none, output: w.CountSession.nullable() },
  'counts.scan': { input: w.CountScanInput, output: w.CountScanResult },
  'counts.set': { input: w.CountSetInput, output: w.CountSession },
  'counts.review': { input: none, output: w.CountReview },
  'counts.decide': { input: w.CountDecideInput, output: w.CountSession },
  'counts.submit': { input: none, output: w.CountSession },
  'counts.abandon': { input: none, output: w.CountSession },

  /** The figures of one day at the desk, from the journal, and what waits in the outbox now. */
  'today.summary': { input: td.TodayInput, output: td.TodaySummary },

  /** Who is at the desk: a desk-local list; switching never signs the desk out of the service. */
  'workers.list': { input: none, output: w.Workers },
  'workers.add': { input: w.AddWorkerInput, output: w.Workers },
  'workers.switch': { input: w.SwitchWorkerInput, output: w.Workers },
  'workers.setPin': { input: a.SetPinInput, output: w.Workers },
  'workers.setRole': { input: a.SetRoleInput, output: w.Workers },
  'approvals.request': { input: a.ApprovalRequest, output: a.Approval },

  /** The desk's own minimum and reorder quantities per SKU (all warehouses, or one), and the Low stock list they make. */
  'levels.of': { input: z.strictObject({ sku: r.Sku }), output: z.array(lv.StockLevelSetting) },
  'levels.set': { input: lv.LevelSetInput, output: z.array(lv.StockLevelSetting) },
  'levels.clear': { input: lv.LevelKey, output: z.array(lv.StockLevelSetting) },
  'levels.low': { input: lv.LowStockQuery.optional(), output: lv.LowStockList },
  /** The Low stock list as shown, to a CSV file. */
  'levels.export': { input: lv.LowStockQuery.optional(), output: w.ExportedFile },
  /** A sheet of minimums: what each line would do, or, applied, every line that can be in one go. */
  'imports.levels': { input: im.SheetInput, output: im.SheetOutcome },
  /** A sheet of adjustments (a change, or a counted quantity): previewed, or queued into the outbox all in one go, a sheet once. */
  'imports.adjustments': { input: im.SheetInput, output: im.AdjustmentSheetOutcome },
  /** A stock-take list: previewed, or a count started with exactly its SKUs. */
  'imports.countList': { input: im.CountSheetInput, output: im.CountSheetOutcome },

  /** The desk's journal of scans and actions, newest first. */
  'journal.search': { input: w.JournalQuery.optional(), output: w.JournalPage },
  'journal.export': { input: w.JournalFilter.optional(), output: w.ExportedFile },
  /** Adjustments made on scanned and on keyed codes, per worker and day. */
  'journal.keyedShare': { input: mv.KeyedShareQuery.optional(), output: mv.KeyedShare },
  'journal.exportKeyedShare': { input: mv.KeyedShareQuery.optional(), output: w.ExportedFile },

  /** One zip for IT: versions, settings and policy status, the log's and the journal's last lines, the outbox; no secrets. */
  'support.createFile': { input: none, output: w.ExportedFile },
  /** The scanner setup check's verdict, kept for the support file. */
  'support.scannerCheck': { input: w.ScannerCheckResult, output: z.null() },

  'outbox.list': {
    input: z
      .strictObject({
        states: z.array(r.OutboxState).max(5).optional(),
        sku: r.Sku.optional(),
        /** Newest first; pass the previous page's `nextBefore` for the older entries. */
        before: z.string().min(1).max(100).optional(),
        ...page,
      })
      .optional(),
    output: z.object({ entries: z.array(r.OutboxEntry), counts: r.OutboxCounts, nextBefore: z.string().nullable() }),
  },
  'outbox.retry': { input: z.strictObject({ id: z.string().min(1).max(100) }), output: r.OutboxEntry },
  'outbox.discard': { input: z.strictObject({ id: z.string().min(1).max(100) }), output: r.OutboxEntry },
  /**
   * The worker's decision on an uncertain entry: `resend` queues it under a NEW idempotency key
   * (the worker judged from the service's stock that it was not applied), `drop` discards it (not
   * applied, not wanted), `applied` records it as applied without sending it again (the service's
   * stock shows it was; a transfer's in leg follows its out leg so confirmed).
   */
  'outbox.resolve': { input: z.strictObject({ id: z.string().min(1).max(100), choice: z.enum(['resend', 'drop', 'applied']), approval: a.ApprovalToken.optional() }), output: r.OutboxEntry },
  /** Not yet sent: withdrawn. Applied: a linked reversing adjustment is queued. */
  'outbox.undo': { input: z.strictObject({ id: w.OutboxEntryId }), output: w.UndoResult },
  /** Which of these entries are undos, or undone: both sides of each link. */
  'outbox.links': { input: z.strictObject({ ids: z.array(w.OutboxEntryId).max(500) }), output: z.array(w.UndoLink) },
  /** A refusal acknowledged: out of the red count until it is retried and refused again. */
  'outbox.markSeen': { input: z.strictObject({ id: z.string().min(1).max(100) }), output: r.OutboxEntry },
  /** The changes a rebuilt cache held back for the worker to check by hand, oldest first. */
  'outbox.toCheck': { input: none, output: z.array(r.ToCheckChange) },
  /** The worker checked the stock of one of them: it leaves the list. */
  'outbox.checked': { input: z.strictObject({ id: z.string().min(1).max(100) }), output: r.ToCheckChange },

  'shipments.list': {
    input: z
      .strictObject({
        status: r.ShipmentStatus.optional(),
        /** Exactly this reference, as the service filters. */
        reference: z.string().max(64).optional(),
        /** Text anywhere in the reference, any case (from the cached copies, read whole first when online). */
        search: z.string().max(64).optional(),
        /** By creation time; given, the list comes sorted from the cached copies as `search` does. */
        order: z.enum(['newest', 'oldest']).optional(),
        cursor,
        ...page,
      })
      .optional(),
    output: z.object({ shipments: z.array(r.Shipment), nextCursor: z.string().nullable(), source: r.Source }),
  },
  'shipments.read': { input: z.strictObject({ token: r.ShipmentToken }), output: r.Shipment },
  'shipments.create': { input: r.ShipmentDraft, output: r.Shipment },
  'shipments.cancel': { input: z.strictObject({ token: r.ShipmentToken, approval: a.ApprovalToken.optional() }), output: r.Shipment },
  'shipments.delete': { input: z.strictObject({ token: r.ShipmentToken, approval: a.ApprovalToken.optional() }), output: z.object({ token: r.ShipmentToken, deleted: z.literal(true) }) },
  'shipments.greenIndex': { input: r.GreenIndexInput, output: r.GreenIndex },
  'shipments.transitTime': { input: r.TransitTimeInput, output: r.TransitTime },

  'products.list': {
    input: z
      .strictObject({
        skuPrefix: z.string().max(64).optional(),
        barcode: z.string().max(64).optional(),
        /** Text anywhere in the name or SKU, any case: from the cached catalogue (source `cache`). */
        search: z.string().max(64).optional(),
        cursor,
        ...page,
      })
      .optional(),
    output: z.object({ products: z.array(r.Product), nextCursor: z.string().nullable(), source: r.Source }),
  },
  'warehouses.list': { input: none, output: z.array(r.Warehouse) },

  'sync.now': { input: none, output: r.SyncStatus },
  'sync.status': { input: none, output: r.SyncStatus },

  /** Prints labels through the OS, or saves them as a PDF; main reads what they show from the cache. */
  'labels.print': { input: l.PrintLabelsInput, output: l.PrintLabelsResult },
  /** The first label of a print job as it will print, for the print dialog's preview; fails as the print would. */
  'labels.preview': { input: l.PreviewLabelInput, output: l.LabelPreview },
  /** The printers the OS offers, for silent printing to a chosen one. */
  'labels.printers': { input: none, output: z.array(l.Printer) },

  /** The desk's thermal printers (ZPL) and which label kind goes to which. */
  'printers.setup': { input: none, output: pr.PrinterSetup },
  /** Adds or changes one printer (by id). */
  'printers.save': { input: pr.PrinterProfile, output: pr.PrinterSetup },
  /** Removes a printer and the routes to it; its waiting jobs are cancelled. */
  'printers.delete': { input: z.strictObject({ id: pr.PrinterProfileId }), output: pr.PrinterSetup },
  'printers.route': { input: z.strictObject({ label: z.enum(pr.ROUTED_LABELS), profileId: pr.PrinterProfileId.nullable() }), output: pr.PrinterSetup },
  /** A label with the printer's settings as text and a barcode, through the queue like any job. */
  'printers.testPrint': { input: z.strictObject({ id: pr.PrinterProfileId }), output: pr.PrintJob },
  /** Labels to the printer their kind is routed to, through the queue. */
  'printers.print': { input: pr.PrintToRouteInput, output: pr.PrintedToRoute },
  'printers.jobs': { input: none, output: z.array(pr.PrintJob) },
  'printers.retry': { input: pr.PrintJobId, output: pr.PrintJob },
  'printers.cancel': { input: pr.PrintJobId, output: pr.PrintJob },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

/** Pushed from main to the renderer. */
export const events = {
  /** A fresher copy of a stock record than the one last answered (after a lookup, an adjustment, a sync). */
  'stock.updated': r.Stock,
  /** A SKU the service answered as unknown when a lookup refreshed it: dropped from the cache. */
  'stock.removed': r.StockRemoved,
  'outbox.changed': r.OutboxEntry,
  'sync.progress': r.SyncStatus,
  'connectivity.changed': r.Connectivity,
  'account.changed': r.AccountStatus,
  'app.notice': r.Notice,
  /** A count's submission, line by line. */
  'counts.progress': w.CountProgress,
  /** A print job changed state (queued, sent, waiting for its printer). */
  'printers.job': pr.PrintJob,
  /** How far the core got through a long sheet it checks or applies. */
  'imports.progress': im.SheetProgress,
} as const satisfies Record<string, z.ZodType>;

/** The single Electron IPC channel that carries events; invoke channels are the names above. */
export const EVENT_CHANNEL = 'desk:event';

export type Channel = keyof typeof channels;
export type Input<C extends Channel> = z.input<(typeof channels)[C]['input']>;
export type ParsedInput<C extends Channel> = z.output<(typeof channels)[C]['input']>;
export type Output<C extends Channel> = z.output<(typeof channels)[C]['output']>;
export type EventName = keyof typeof events;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

export const CHANNEL_NAMES = Object.keys(channels) as Channel[];

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.hasOwn(channels, name);
}
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name);
}
