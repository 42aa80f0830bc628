import { m } from '../i18n/messages';
import type { DeskError } from '../../../shared/ipc/result';
import { formatDateTime } from './format';

/**
 * Turns a DeskError into what a person reads, in the desk's language: a title by code (what kind
 * of problem it is) and a sentence by code, `reason` and `params` (what happened and what to do).
 * The `message` main or the service sent is English free text: it stays available as a technical
 * detail (`errorTechnicalText`, shown folded away beside the code and request id), cleaned so that
 * no stack trace, "[object Object]" or empty text ever reaches the screen. Only a code this
 * version does not know shows that text as its sentence, rather than losing it.
 */
type Worded = Pick<DeskError, 'code' | 'message'> & Partial<Pick<DeskError, 'reason' | 'params' | 'details'>>;

const TITLES: Record<string, () => string> = {
  // the app's own codes (src/shared/ipc/result.ts APP_ERROR_CODES)
  invalid_argument: m.error_title_that_input_is_not_valid,
  unknown_channel: m.error_title_something_went_wrong,
  untrusted_sender: m.error_title_something_went_wrong,
  not_signed_in: m.error_title_not_signed_in,
  keychain_unavailable: m.error_title_the_system_keychain_is_not_available,
  offline: m.error_title_the_service_cannot_be_reached,
  network_error: m.error_title_the_service_cannot_be_reached,
  timeout: m.error_title_the_service_took_too_long_to_answer,
  unexpected_response: m.error_title_the_service_answered_something_unexpecte,
  not_in_cache: m.error_title_not_in_the_offline_cache,
  outbox_entry_not_found: m.error_title_that_adjustment_no_longer_exists,
  outbox_not_retryable: m.error_title_that_adjustment_cannot_be_retried,
  outbox_not_discardable: m.error_title_that_adjustment_cannot_be_discarded,
  outbox_not_uncertain: m.error_title_outbox_not_uncertain,
  outbox_not_rejected: m.error_title_outbox_not_rejected,
  label_not_printable: m.error_title_label_not_printable,
  print_failed: m.error_title_print_failed,
  internal_error: m.error_title_something_went_wrong,
  undo_not_possible: m.error_title_undo_not_possible,
  already_undone: m.error_title_already_undone,
  count_already_open: m.error_title_count_already_open,
  count_empty: m.error_title_count_empty,
  count_not_reviewed: m.error_title_count_not_reviewed,
  count_partly_submitted: m.error_title_count_partly_submitted,
  count_line_submitted: m.error_title_count_line_submitted,
  count_changed: m.error_title_count_changed,
  count_matches: m.error_title_count_matches,
  count_zone_unknown: m.error_title_count_zone_unknown,
  sheet_already_applied: m.error_title_sheet_already_applied,
  no_open_count: m.error_title_no_open_count,
  worker_exists: m.error_title_worker_exists,
  worker_not_found: m.error_title_worker_not_found,
  setting_locked: m.error_title_setting_locked,
  approval_required: m.error_title_approval_required,
  pin_refused: m.error_title_pin_refused,
  // the service's codes (resources/openapi.yaml ErrorCode)
  invalid_request: m.error_title_that_input_is_not_valid,
  unauthorized: m.error_title_not_authorised,
  token_expired: m.error_title_the_session_expired,
  invalid_credentials: m.error_title_wrong_client_id_or_secret,
  shipment_not_found: m.error_title_shipment_not_found,
  stock_item_not_found: m.error_title_unknown_sku,
  not_found: m.error_title_not_found,
  method_not_allowed: m.error_title_method_not_allowed,
  shipment_not_cancellable: m.error_title_this_shipment_can_no_longer_be_cancelled,
  shipment_not_deletable: m.error_title_this_shipment_cannot_be_deleted,
  insufficient_stock: m.error_title_not_enough_stock,
  idempotency_key_reused: m.error_title_conflicting_repeated_request,
  payload_too_large: m.error_title_the_request_is_too_large,
  validation_failed: m.error_title_that_input_is_not_valid,
  rate_limited: m.error_title_too_many_requests_please_wait_a_moment,
  service_unavailable: m.error_title_the_service_is_unavailable,
  outcome_unknown: m.error_title_the_service_may_have_applied_it,
  transfer_not_found: m.error_title_transfer_not_found,
  transfer_leg: m.error_title_transfer_leg,
};

const text = (e: Worded, key: string): string | undefined => {
  const value = e.params?.[key];
  return value === undefined || value === '' ? undefined : String(value);
};

/** The message with the params it names, or undefined when main did not send one of them. */
function named<K extends string>(e: Worded, keys: readonly K[], word: (params: Record<K, string>) => string): string | undefined {
  const params = {} as Record<K, string>;
  for (const key of keys) {
    const value = text(e, key);
    if (value === undefined) return undefined;
    params[key] = value;
  }
  return word(params);
}

const NETWORK_REASONS: Record<string, () => string> = {
  refused: m.error_network_refused,
  unknown_host: m.error_network_unknown_host,
  lookup_failed: m.error_network_lookup_failed,
  network_unreachable: m.error_network_network_unreachable,
  host_unreachable: m.error_network_host_unreachable,
  no_address: m.error_network_no_address,
  connect_timeout: m.error_network_connect_timeout,
  reset: m.error_network_reset,
  closed: m.error_network_closed,
  tls: m.error_network_tls,
  failed: m.error_network_failed,
};

/** A sentence per reason, where a code has several; each falls back to the code's own sentence. */
const REASONS: Record<string, Record<string, (e: Worded) => string | undefined>> = {
  invalid_argument: {
    app: () => m.error_text_invalid_argument_app(),
    unknown_warehouse: () => m.error_text_unknown_warehouse(),
    sku_not_in_zone: (e) => named(e, ['sku'], m.error_text_sku_not_in_zone),
    unknown_sku: (e) => named(e, ['sku'], m.error_text_unknown_sku),
    service_url_invalid: () => m.error_text_service_url_invalid(),
    service_url_scheme: () => m.error_text_service_url_scheme(),
    service_url_credentials: () => m.error_text_service_url_credentials(),
    client_id_length: () => m.error_text_client_id_length(),
    client_secret_length: () => m.error_text_client_secret_length(),
    barcode_filter: () => m.error_text_barcode_filter(),
    bad_sheet: () => m.error_text_bad_sheet(),
    sheet_too_large: () => m.import_too_big(),
    no_printer_route: () => m.error_text_no_printer_route(),
    printer_profile_not_found: () => m.error_text_printer_profile_not_found(),
    printer_kind_not_supported: () => m.error_text_printer_kind_not_supported(),
    printer_setup_invalid: () => m.error_text_printer_setup_invalid(),
    print_job_not_retryable: () => m.error_text_print_job_not_retryable(),
    print_job_not_cancellable: () => m.error_text_print_job_not_cancellable(),
  },
  keychain_unavailable: {
    locked: () => m.error_text_keychain_locked(),
    unreachable: () => m.error_text_keychain_unreachable(),
    timeout: () => m.error_text_keychain_timeout(),
  },
  offline: { next_page: () => m.error_text_offline_next_page() },
  not_in_cache: {
    sku: (e) => named(e, ['sku'], m.error_text_not_in_cache_sku),
    shipment_label: () => m.error_text_not_in_cache_shipment(),
  },
  label_not_printable: {
    too_long: (e) => named(e, ['code', 'width'], m.error_text_label_too_long),
    cannot_draw: (e) => named(e, ['code', 'symbology'], m.error_text_label_cannot_draw),
    unknown_warehouse: (e) => named(e, ['warehouse'], m.error_text_label_unknown_warehouse),
    bad_check_digit: (e) => named(e, ['gtin'], m.error_text_label_bad_check_digit),
    gtin_not_of_sku: (e) => named(e, ['gtin', 'sku'], m.error_text_label_gtin_not_of_sku),
    no_gtin: (e) => named(e, ['sku'], m.error_text_label_no_gtin),
  },
  print_failed: {
    no_printer: () => m.error_text_print_no_printer(),
    // A thermal print job's last failure (printers/print-queue.ts), also on its journal line.
    printer_refused: () => m.error_text_printer_refused(),
    printer_unreachable: () => m.error_text_printer_unreachable(),
    printer_timeout: () => m.error_text_printer_timeout(),
    printer_not_ready: () => m.error_text_printer_not_ready(),
    printer_status: () => m.error_text_printer_status(),
    printer_profile_not_found: () => m.error_text_printer_profile_not_found(),
    printer_kind_not_supported: () => m.error_text_printer_kind_not_supported(),
    // A raw queue of the system (printers/raw-queue.ts): no such queue, stopped, no `lp` here.
    print_queue_unknown: () => m.error_text_print_queue_unknown(),
    print_queue_stopped: () => m.error_text_print_queue_stopped(),
    print_system_missing: () => m.error_text_print_system_missing(),
    may_have_printed: () => m.error_text_print_may_have_printed(),
  },
  internal_error: {
    start_failed: () => m.error_text_internal_start_failed(),
    core_stopped: () => m.error_text_internal_core_stopped(),
    bridge_missing: () => m.desk_bridge_missing(),
    no_result: () => m.desk_no_result(),
    call_failed: () => m.desk_call_failed(),
  },
  undo_not_possible: {
    is_undo: () => m.error_text_undo_is_undo(),
    rejected: () => m.error_text_undo_rejected(),
    discarded: () => m.error_text_undo_discarded(),
  },
  worker_exists: {
    name: (e) => named(e, ['name'], m.error_text_worker_exists_name),
    badge: (e) => named(e, ['name'], m.error_text_worker_exists_badge),
  },
  worker_not_found: { badge: () => m.error_text_worker_badge_unknown() },
  pin_refused: {
    wrong: () => m.error_text_pin_wrong(),
    locked: () => m.error_text_pin_locked(),
    no_pin: () => m.error_text_pin_none(),
    not_supervisor: () => m.error_text_pin_not_supervisor(),
  },
};

/** The code's own sentence: what happened and what to do, with the values it needs where main sent them. */
const SENTENCES: Record<string, (e: Worded) => string> = {
  invalid_argument: () => m.error_text_invalid_argument(),
  unknown_channel: () => m.error_text_unknown_channel(),
  untrusted_sender: () => m.error_text_untrusted_sender(),
  not_signed_in: () => m.error_text_not_signed_in(),
  keychain_unavailable: () => m.error_text_keychain_unreachable(),
  offline: () => m.error_fallback_offline(),
  network_error: (e) => {
    const origin = text(e, 'origin');
    if (!origin) return m.error_fallback_offline();
    return m.error_text_network_error({ origin, why: (NETWORK_REASONS[e.reason ?? ''] ?? m.error_network_failed)() });
  },
  timeout: (e) => named(e, ['origin', 'seconds'], m.error_text_timeout) ?? m.error_fallback_timeout(),
  unexpected_response: (e) => m.error_text_unexpected_response({ status: text(e, 'status') ?? '?' }),
  not_in_cache: () => m.error_text_not_in_cache(),
  outbox_entry_not_found: () => m.error_text_outbox_entry_not_found(),
  outbox_not_retryable: () => m.error_text_outbox_not_retryable(),
  outbox_not_discardable: () => m.error_text_outbox_not_discardable(),
  outbox_not_uncertain: () => m.error_text_outbox_not_uncertain(),
  outbox_not_rejected: () => m.error_text_outbox_not_rejected(),
  transfer_not_found: () => m.error_text_transfer_not_found(),
  transfer_leg: () => m.error_text_transfer_leg(),
  outcome_unknown: () => m.error_text_outcome_unknown(),
  label_not_printable: () => m.error_text_label_not_printable(),
  print_failed: () => m.error_text_print_failed(),
  internal_error: () => m.error_fallback_internal(),
  undo_not_possible: () => m.error_text_undo_not_possible(),
  already_undone: () => m.error_text_already_undone(),
  count_already_open: () => m.error_text_count_already_open(),
  count_empty: () => m.error_text_count_empty(),
  count_not_reviewed: (e) => named(e, ['count', 'skus'], m.error_text_count_not_reviewed) ?? m.error_text_count_not_reviewed_plain(),
  count_partly_submitted: () => m.error_text_count_partly_submitted(),
  count_line_submitted: (e) => named(e, ['sku'], m.error_text_count_line_submitted) ?? m.error_text_count_line_submitted_plain(),
  count_changed: (e) =>
    e.reason === 'earlier_unsettled' ? m.error_text_count_changed_earlier() : (named(e, ['counted', 'onHandThen', 'onHandNow'], m.error_text_count_changed) ?? m.error_text_count_changed_plain()),
  count_matches: (e) => named(e, ['counted', 'onHandNow'], m.error_text_count_matches) ?? m.error_text_count_matches_plain(),
  count_zone_unknown: (e) => named(e, ['count', 'codes'], m.error_text_count_zone_unknown) ?? m.error_text_count_zone_unknown_plain(),
  sheet_already_applied: (e) => m.error_text_sheet_already_applied({ at: typeof e.params?.['at'] === 'string' ? formatDateTime(e.params['at']) : '' }),
  no_open_count: () => m.error_text_no_open_count(),
  worker_exists: () => m.error_text_worker_exists(),
  worker_not_found: () => m.error_text_worker_not_found(),
  approval_required: () => m.error_text_approval_required(),
  pin_refused: () => m.error_text_pin_wrong(),
  setting_locked: (e) => (e.params?.['setting'] === 'serviceUrl' ? m.error_text_setting_locked_service() : m.error_text_setting_locked()),
  invalid_request: () => m.error_text_invalid_request(),
  unauthorized: () => m.error_text_unauthorized(),
  token_expired: () => m.error_text_token_expired(),
  invalid_credentials: () => m.error_text_invalid_credentials(),
  shipment_not_found: () => m.error_text_shipment_not_found(),
  stock_item_not_found: () => m.error_text_stock_item_not_found(),
  not_found: () => m.error_text_not_found(),
  method_not_allowed: () => m.error_text_method_not_allowed(),
  shipment_not_cancellable: () => m.error_text_shipment_not_cancellable(),
  shipment_not_deletable: () => m.error_text_shipment_not_deletable(),
  insufficient_stock: () => m.error_text_insufficient_stock(),
  idempotency_key_reused: () => m.error_text_idempotency_key_reused(),
  payload_too_large: () => m.error_text_payload_too_large(),
  // The refused field is a path into the request (`parcels[0].weight_grams`): shown as it is, quoted.
  validation_failed: (e) => {
    const field = e.details?.find((d) => d.field !== '')?.field;
    return field ? m.error_text_validation_failed_field({ field }) : m.error_text_validation_failed();
  },
  rate_limited: () => m.error_text_rate_limited(),
  service_unavailable: () => m.error_text_service_unavailable(),
};

/** Every code the desk words from its catalogue (a title and a sentence); the i18n tests hold it to the contract's codes. */
export const WORDED_CODES: readonly string[] = Object.keys(TITLES).filter((code) => code in SENTENCES);

export function errorTitle(error: Pick<DeskError, 'code'>): string {
  return (TITLES[error.code] ?? m.error_title_the_request_failed)();
}

/** Main's or the service's own text, first line only (never a stack), or undefined when there is none worth showing. */
function cleanMessage(error: Pick<DeskError, 'message'>): string | undefined {
  const raw = typeof error.message === 'string' ? error.message : '';
  const firstLine = (raw.split(/\r?\n\s*at\s/)[0] ?? '').trim();
  const clean = firstLine.replace(/\[object \w+\]/g, '').trim();
  if (clean.length === 0 || clean === 'undefined' || clean === 'null') return undefined;
  return clean.length > 600 ? `${clean.slice(0, 600)}…` : clean;
}

/** What the worker reads under the title, in the desk's language. */
export function errorMessage(error: Worded): string {
  const byReason = error.reason !== undefined ? REASONS[error.code]?.[error.reason]?.(error) : undefined;
  if (byReason) return byReason;
  const sentence = SENTENCES[error.code];
  if (sentence) return sentence(error);
  return cleanMessage(error) ?? m.error_fallback_none();
}

/**
 * The free text main or the service sent (English, as the service wrote it), for support: shown
 * folded away with the code and request id. Undefined when there is none, or when the worker's
 * sentence already is that text (an unknown code).
 */
export function errorTechnicalText(error: Worded): string | undefined {
  const clean = cleanMessage(error);
  return clean === undefined || clean === errorMessage(error) ? undefined : clean;
}
