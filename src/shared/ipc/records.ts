import { z } from './zod';
import { CodeRefusal } from './code-refusal';
import { isAllowedServiceUrl, SERVICE_URL_PROBLEM } from './service-url';
import { ADJUSTMENT_REASONS, LANGUAGES } from './value-lists';

/**
 * What crosses the bridge: the app's own view of the service's records, camelCase, each with
 * the moment the service last confirmed it. The API's wire shapes live in resources/openapi.yaml;
 * main's mapping layer turns one into the other, so the UI never depends on the wire format.
 */

export const IsoDateTime = z.iso.datetime({ offset: true });
export const IsoDate = z.iso.date();

/** Must equal the `Sku` pattern of resources/openapi.yaml (a test checks it). */
export const SKU_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$';
export const Sku = z.string().regex(new RegExp(SKU_PATTERN), 'not a valid SKU');
/** Must equal the `ShipmentToken` pattern of resources/openapi.yaml (a test checks it). */
export const SHIPMENT_TOKEN_PATTERN = '^shp_[a-z0-9]{20}$';
export const ShipmentToken = z.string().regex(new RegExp(SHIPMENT_TOKEN_PATTERN), 'not a shipment token');
export const WarehouseId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'not a warehouse id');
export const CountryCode = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166 two-letter country code');
export const PostalCode = z.string().trim().min(1).max(16);

/** Where a record came from: the service just now, or the local cache (with its age). */
export const Source = z.enum(['service', 'cache']);

export const Address = z.object({
  line1: z.string().trim().min(1).max(200),
  line2: z.string().max(200).nullish(),
  city: z.string().trim().min(1).max(100),
  postalCode: PostalCode,
  country: CountryCode,
});
export type Address = z.infer<typeof Address>;

export const Warehouse = z.object({
  id: WarehouseId,
  code: z.string(),
  name: z.string(),
  address: Address.nullable(),
  confirmedAt: IsoDateTime,
});
export type Warehouse = z.infer<typeof Warehouse>;

const Quantity = z.number().int();
export const StockLevel = z.object({
  warehouseId: WarehouseId,
  onHand: Quantity,
  reserved: Quantity,
  available: Quantity,
});
export type StockLevel = z.infer<typeof StockLevel>;

/** A stock record the service no longer has: the cache dropped it, and no screen may keep showing it. */
export const StockRemoved = z.strictObject({ sku: Sku });
export type StockRemoved = z.infer<typeof StockRemoved>;

export const StockTotals = z.object({ onHand: Quantity, reserved: Quantity, available: Quantity });

export const Stock = z.object({
  sku: Sku,
  name: z.string(),
  barcodes: z.array(z.string()),
  levels: z.array(StockLevel),
  totals: StockTotals,
  version: z.number().int(),
  updatedAt: IsoDateTime,
  /** When the service last confirmed this record: the "cached, as of 14:32" of the UI. */
  confirmedAt: IsoDateTime,
  source: Source,
});
export type Stock = z.infer<typeof Stock>;

export const Dimensions = z.object({
  length: z.number().int().min(1).max(10_000),
  width: z.number().int().min(1).max(10_000),
  height: z.number().int().min(1).max(10_000),
});

export const Product = z.object({
  sku: Sku,
  name: z.string(),
  barcodes: z.array(z.string()),
  weightGrams: z.number().int().nullable(),
  dimensionsMm: Dimensions.nullable(),
  updatedAt: IsoDateTime,
  confirmedAt: IsoDateTime,
});
export type Product = z.infer<typeof Product>;

/** One row of the cached stock list: totals, or one warehouse's level when filtered by one. */
export const StockRow = z.object({
  sku: Sku,
  name: z.string(),
  onHand: Quantity,
  reserved: Quantity,
  available: Quantity,
  updatedAt: IsoDateTime,
  confirmedAt: IsoDateTime,
});
export type StockRow = z.infer<typeof StockRow>;

/**
 * A worker's badge, scanned where a code is read: that worker is now at the desk (`switched`), or,
 * where the policy requires a PIN to start at the desk, is to enter it first (`switched` false).
 */
export const WorkerBadgeAnswer = z.object({ kind: z.literal('worker'), code: z.string(), name: z.string(), workerId: z.string(), switched: z.boolean() });
export type WorkerBadgeAnswer = z.infer<typeof WorkerBadgeAnswer>;

/**
 * What a GS1 label (GS1-128, DataMatrix, Digital Link) says about the scanned item beyond its
 * GTIN; shown on the answer card. Present only when the label carried at least one of them.
 */
export const Gs1Details = z.object({
  /** AI 10, batch or lot. */
  lot: z.string().nullable(),
  /** AI 17, the last day of use as ISO `YYYY-MM-DD`. */
  expiry: IsoDate.nullable(),
  /** AI 21. */
  serial: z.string().nullable(),
  /** AI 30 or 37, the items in the unit. */
  count: z.number().int().nonnegative().nullable(),
});
export type Gs1Details = z.infer<typeof Gs1Details>;

export const LookupResult = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('stock'),
    code: z.string(),
    matchedBy: z.enum(['sku', 'gtin']),
    stock: Stock,
    /** True when main is fetching a fresh copy; it arrives as a `stock.updated` event. */
    refreshing: z.boolean(),
    gs1: Gs1Details.optional(),
  }),
  z.object({ kind: z.literal('shipment'), code: z.string(), token: ShipmentToken }),
  WorkerBadgeAnswer,
  z.object({
    kind: z.literal('not_found'),
    code: z.string(),
    /** `cache`: offline, so only the offline cache was searched. */
    searched: z.enum(['cache', 'service']),
  }),
  /** Refused before any lookup: why (a code the screens word) and the English problem (logs, journal export). */
  CodeRefusal.extend({ kind: z.literal('invalid'), code: z.string() }),
]);
export type LookupResult = z.infer<typeof LookupResult>;

export const AdjustmentReason = z.enum(ADJUSTMENT_REASONS);
export type AdjustmentReason = z.infer<typeof AdjustmentReason>;

/**
 * How the code behind a lookup or an adjustment came in: read by a scanner (a burst at scanner
 * speed, scan/detector.ts) or keyed by hand (typed, or picked from a list). Optional in the inputs:
 * a caller that does not say is recorded as not known, never guessed (docs/scanning.md).
 */
export const CodeEntry = z.enum(['scanned', 'keyed']);
export type CodeEntry = z.infer<typeof CodeEntry>;

export const AdjustInput = z.strictObject({
  sku: Sku,
  warehouseId: WarehouseId,
  delta: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((d) => d !== 0, 'must not be 0'),
  reason: AdjustmentReason,
  note: z.string().max(500).optional(),
  /**
   * Set when the worker stated what they counted (Set count): the counted quantity and the on-hand
   * the delta was measured against (the service's as shown, with what this desk still had waiting
   * to send). `delta` must be `counted - onHand`. Main checks it against the service's on-hand when
   * it is sent: moved meanwhile, it is held for the worker instead of booked.
   */
  count: z
    .strictObject({
      counted: z.number().int().min(0).max(1_000_000),
      onHand: z.number().int().min(-2_000_000).max(2_000_000),
    })
    .optional(),
  /** How the SKU's code was entered where the change was made (its lookup's): kept on the journal line. */
  entry: CodeEntry.optional(),
  /** A supervisor's approval of this very adjustment (`approvals.request`), when the desk's rules ask for one. */
  approval: z
    .string()
    .regex(/^apv_[a-f0-9]{32}$/, 'not an approval')
    .optional(),
});
export type AdjustInput = z.infer<typeof AdjustInput>;

/**
 * `uncertain`: sent, outcome unknown, and its idempotency key may have expired at the service, so
 * it is never resent with it; the worker resends it (a new key) or drops it.
 */
export const OUTBOX_STATES = ['queued', 'sending', 'applied', 'rejected', 'discarded', 'uncertain'] as const;
export const OutboxState = z.enum(OUTBOX_STATES);
export type OutboxState = z.infer<typeof OutboxState>;

const DeskErrorShape = z.object({
  code: z.string(),
  message: z.string(),
  reason: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  status: z.number().int().optional(),
  requestId: z.string().optional(),
  details: z.array(z.object({ field: z.string(), problem: z.string() })).optional(),
});

/** One warehouse's on-hand of a SKU, with the version of the SKU's stock record. */
export const StockMark = z.object({ onHand: z.number().int(), version: z.number().int() });
export type StockMark = z.infer<typeof StockMark>;

export const OutboxCheck = z.object({
  /** When the entry was found too old to resend with its key. */
  since: IsoDateTime,
  /** The cached stock when the key was first used; null if the SKU was not cached then. */
  before: StockMark.nullable(),
  /** A fresh read of the service's stock; null until one succeeded (offline). */
  now: StockMark.extend({ readAt: IsoDateTime }).nullable(),
});
export type OutboxCheck = z.infer<typeof OutboxCheck>;

export const OutboxEntry = z.object({
  id: z.string(),
  sku: Sku,
  warehouseId: WarehouseId,
  delta: z.number().int(),
  reason: AdjustmentReason,
  note: z.string().nullable(),
  state: OutboxState,
  attempts: z.number().int().min(0),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  /** Set when applied: the service's adjustment id and the on-hand it left. */
  applied: z.object({ adjustmentId: z.string(), onHandAfter: z.number().int(), requestId: z.string().optional() }).nullable(),
  /** Set when rejected, and the last transient failure while queued. */
  lastError: DeskErrorShape.nullable(),
  /** When its current idempotency key first left in a request; null if never sent with it. */
  firstSentAt: IsoDateTime.nullable(),
  /** Set while uncertain: what the desk held when it first sent it, and the service's stock now. */
  uncertain: OutboxCheck.nullable(),
  /** A refusal the worker acknowledged ("Seen"): kept in the history, out of the red count. Refused again, it is unseen again. */
  seen: z.boolean(),
});
export type OutboxEntry = z.infer<typeof OutboxEntry>;

export const OutboxCounts = z.object({
  queued: z.number().int(),
  sending: z.number().int(),
  applied: z.number().int(),
  rejected: z.number().int(),
  discarded: z.number().int(),
  uncertain: z.number().int(),
  /** Of the rejected, those the worker marked Seen: the red count shows the others. */
  rejectedSeen: z.number().int(),
  /** Changes a rebuilt cache held back for the worker to check by hand (`ToCheckChange`). */
  toCheck: z.number().int(),
});
export type OutboxCounts = z.infer<typeof OutboxCounts>;

/**
 * A change a rebuilt cache could not take over: the move between warehouses or the undo it belongs
 * to could not be vouched for, so the desk neither sends nor undoes it, and the worker checks the
 * stock on the shelf. `sent`: it had reached the service (the out leg of a move whose arrival was
 * never booked); otherwise it was never sent.
 */
export const ToCheckChange = z.object({
  id: z.string(),
  sku: Sku,
  warehouseId: WarehouseId,
  delta: z.number().int(),
  why: z.enum(['transfer', 'undo']),
  sent: z.boolean(),
  /** When the worker made the change. */
  createdAt: IsoDateTime,
  /** When the rebuild held it back. */
  heldAt: IsoDateTime,
});
export type ToCheckChange = z.infer<typeof ToCheckChange>;

export const SHIPMENT_STATUSES = ['created', 'label_ready', 'in_transit', 'delivered', 'cancelled'] as const;
export const ShipmentStatus = z.enum(SHIPMENT_STATUSES);
export type ShipmentStatus = z.infer<typeof ShipmentStatus>;

export const Party = z.object({ name: z.string().trim().min(1).max(200), address: Address });
/** A parcel as the service reports it: weight 0 and missing dimensions mean "not measured". */
export const Parcel = z.object({
  weightGrams: z.number().int().min(0),
  dimensionsMm: Dimensions.nullable(),
  /** The SSCC on its label, when it has one. */
  sscc: z.string().regex(/^\d{18}$/).optional(),
});
/** A parcel the worker enters: the service's ParcelInput limits. */
export const ParcelDraft = z.strictObject({
  weightGrams: z.number().int().min(1).max(100_000),
  dimensionsMm: Dimensions.strict().nullable(),
});

/** Must equal the `ServiceLevel` enum of resources/openapi.yaml (a test checks it). */
export const SERVICE_LEVELS = ['economy', 'standard', 'express'] as const;
export const ServiceLevel = z.enum(SERVICE_LEVELS);

export const Shipment = z.object({
  token: ShipmentToken,
  reference: z.string(),
  scope: z.union([z.literal(1), z.literal(2)]),
  status: ShipmentStatus,
  carrier: z.string().nullable(),
  service: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  sender: Party,
  recipient: Party,
  parcels: z.array(Parcel),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  cancelledAt: IsoDateTime.nullable(),
  confirmedAt: IsoDateTime,
  source: Source,
});
export type Shipment = z.infer<typeof Shipment>;

/** Drafts are strict all the way down: an unknown key is refused, not dropped. */
const AddressDraft = Address.strict();
const PartyDraft = z.strictObject({ name: Party.shape.name, address: AddressDraft });

export const ShipmentDraft = z.strictObject({
  /** Chosen by the form once per submission: sent as the Idempotency-Key, so a retry never creates two. */
  clientRequestId: z.uuid(),
  reference: z.string().trim().min(1).max(64),
  /** 1: booked through the service; 2: booked with the carrier elsewhere, only tracked here. */
  scope: z.union([z.literal(1), z.literal(2)]),
  carrier: z.string().regex(/^[a-z0-9][a-z0-9_-]{1,31}$/, "a carrier code: 2 to 32 lowercase letters, digits, '_' or '-'"),
  service: ServiceLevel,
  /** The carrier's number: required for scope 2, absent for scope 1. */
  trackingNumber: z.string().regex(/^[A-Za-z0-9-]{4,40}$/, "4 to 40 letters, digits or '-'").optional(),
  sender: PartyDraft,
  recipient: PartyDraft,
  parcels: z.array(ParcelDraft).min(1).max(50),
}).refine((d) => (d.scope === 2) === (d.trackingNumber !== undefined), {
  path: ['trackingNumber'],
  message: 'required for scope 2 (booked elsewhere) and not allowed for scope 1',
});
export type ShipmentDraft = z.infer<typeof ShipmentDraft>;

export const Place = z.strictObject({ country: CountryCode, postalCode: PostalCode });

export const GreenIndexInput = z.union([
  z.strictObject({ shipmentToken: ShipmentToken }),
  z.strictObject({
    origin: Place,
    destination: Place,
    parcels: z.array(z.strictObject({ weightGrams: z.number().int().min(1).max(1_000_000) })).min(1).max(50),
  }),
]);
export const GreenIndex = z.object({
  co2eGrams: z.number(),
  grade: z.enum(['A', 'B', 'C', 'D', 'E', 'F', 'G']),
  distanceKm: z.number(),
  method: z.string(),
  modes: z.array(z.object({ mode: z.enum(['road', 'rail', 'air', 'sea']), co2eGrams: z.number() })),
});
export type GreenIndex = z.infer<typeof GreenIndex>;

export const TransitTimeInput = z.union([
  z.strictObject({ shipmentToken: ShipmentToken }),
  z.strictObject({ origin: Place, destination: Place, shipDate: IsoDate.optional() }),
]);
export const TransitTime = z.object({
  businessDaysMin: z.number().int(),
  businessDaysMax: z.number().int(),
  estimatedDeliveryDate: IsoDate,
  services: z.array(z.object({ serviceLevel: z.string(), businessDaysMin: z.number().int(), businessDaysMax: z.number().int() })),
});
export type TransitTime = z.infer<typeof TransitTime>;

export const AccountStatus = z.object({
  mode: z.enum(['signed_out', 'signed_in', 'demo']),
  /** The service's base URL (demo: the in-process sandbox on 127.0.0.1). */
  baseUrl: z.string().nullable(),
  /** Not a secret: the account's public identifier, shown so the worker knows who is signed in. */
  clientId: z.string().nullable(),
  keychain: z.enum(['available', 'unavailable']),
});
export type AccountStatus = z.infer<typeof AccountStatus>;

export const SignInInput = z.strictObject({
  baseUrl: z.url({ protocol: /^https?$/ }).max(500).refine(isAllowedServiceUrl, SERVICE_URL_PROBLEM),
  clientId: z.string().trim().min(1).max(200),
  clientSecret: z.string().min(1).max(500),
});
export type SignInInput = z.infer<typeof SignInInput>;

export const SyncStatus = z.object({
  state: z.enum(['idle', 'running', 'failed']),
  phase: z.enum(['warehouses', 'products', 'stock']).nullable(),
  /** Records pulled in this run so far. */
  done: z.number().int(),
  lastSyncedAt: IsoDateTime.nullable(),
  lastError: DeskErrorShape.nullable(),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

export const Connectivity = z.object({
  online: z.boolean(),
  since: IsoDateTime,
  lastError: DeskErrorShape.nullable(),
});
export type Connectivity = z.infer<typeof Connectivity>;

export const ScannerSettings = z.strictObject({
  /** Keys closer than this belong to one scan. open mSupply uses ~50 ms. */
  maxInterKeyMs: z.number().int().min(5).max(500),
  minLength: z.number().int().min(1).max(64),
  prefix: z.string().max(8),
  /** 'None': the scanner sends nothing after a code, which then ends when the keys stop. */
  suffix: z.enum(['Enter', 'Tab', 'None']),
  /** A key the scanner sends for the GS1 group separator besides Ctrl+], Ctrl+5, F8 and Alt+0029 (a key name, e.g. 'F9'). */
  gsKey: z.string().max(20).optional(),
  /** How the scanner types: US key positions, the desk's layout, or decided per scan ('auto', the default). */
  scannerLayout: z.enum(['auto', 'us', 'desk']).optional(),
});
export const LabelPrinterSettings = z.strictObject({ silent: z.boolean(), deviceName: z.string().min(1).max(200).nullable() });
export const LanguageSetting = z.enum(['system', ...LANGUAGES]);
export type LanguageSetting = z.infer<typeof LanguageSetting>;
/** How a change of stock is stated on the adjust form: units in, units out, or what was counted. */
export const ADJUST_KINDS = ['add', 'remove', 'count'] as const;
export const AdjustKind = z.enum(ADJUST_KINDS);
export type AdjustKind = z.infer<typeof AdjustKind>;
/** What the desk is called on its journal lines and support files ("Dock 3"); null until named. */
export const DeskName = z.string().trim().min(1).max(60);
export const Settings = z.object({
  scanner: ScannerSettings,
  soundsMuted: z.boolean(),
  /** Adjustments whose size is at least this ask for a confirmation. */
  confirmAdjustmentsFrom: z.number().int().min(1).max(1_000_000),
  /** The journal keeps lines this many days (a settings file from before it had this gets the default). */
  journalRetentionDays: z.number().int().min(1).max(3650).default(90),
  /** Labels go to the system print dialog, or (silent) straight to this printer, the OS default when null. */
  labelPrinter: LabelPrinterSettings.default({ silent: false, deviceName: null }),
  /** The warehouse this desk stands in: every adjustment starts there. Null until chosen; absent in older settings files. */
  deskWarehouseId: WarehouseId.nullable().default(null),
  /** The language of the screens; absent in older settings files, which then follow the OS. */
  language: LanguageSetting.default('system'),
  /** The kind of change every product's adjust form starts with (never the last product's). */
  defaultAdjustKind: AdjustKind.default('add'),
  /** The desk's name; absent in older settings files. */
  deskName: DeskName.nullable().default(null),
});
export type Settings = z.infer<typeof Settings>;
export const SettingsPatch = z.strictObject({
  scanner: ScannerSettings.partial().optional(),
  soundsMuted: z.boolean().optional(),
  confirmAdjustmentsFrom: z.number().int().min(1).max(1_000_000).optional(),
  journalRetentionDays: z.number().int().min(1).max(3650).optional(),
  labelPrinter: LabelPrinterSettings.optional(),
  deskWarehouseId: WarehouseId.nullable().optional(),
  language: LanguageSetting.optional(),
  defaultAdjustKind: AdjustKind.optional(),
  deskName: DeskName.nullable().optional(),
});
export type SettingsPatch = z.infer<typeof SettingsPatch>;

export const Notice = z.object({
  level: z.enum(['info', 'warning', 'error']),
  code: z.string(),
  /** English, for logs and support; the screens say it in the desk's language from the code and params. */
  message: z.string(),
  /** The values the message names (a file, an account), for the screens' own wording of it. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  at: IsoDateTime,
});
export type Notice = z.infer<typeof Notice>;

export const AppInfo = z.object({ version: z.string(), demo: z.boolean(), notices: z.array(Notice) });
