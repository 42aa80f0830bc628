import { m } from '../i18n/messages';
import type { DeskError } from '../../../shared/ipc/result';

/**
 * Turns a DeskError into what a person reads: a title by code, in the desk's language (so the worker knows what kind of
 * problem it is and what to do) and the message main sent, cleaned so that no stack trace,
 * "[object Object]" or empty text ever reaches the screen.
 */
const TITLES: Record<string, () => string> = {
  offline: m.error_title_the_service_cannot_be_reached,
  network_error: m.error_title_the_service_cannot_be_reached,
  timeout: m.error_title_the_service_took_too_long_to_answer,
  service_unavailable: m.error_title_the_service_is_unavailable,
  rate_limited: m.error_title_too_many_requests_please_wait_a_moment,
  internal_error: m.error_title_something_went_wrong,
  unexpected_response: m.error_title_the_service_answered_something_unexpecte,
  not_signed_in: m.error_title_not_signed_in,
  invalid_credentials: m.error_title_wrong_client_id_or_secret,
  unauthorized: m.error_title_not_authorised,
  token_expired: m.error_title_the_session_expired,
  keychain_unavailable: m.error_title_the_system_keychain_is_not_available,
  invalid_argument: m.error_title_that_input_is_not_valid,
  invalid_request: m.error_title_that_input_is_not_valid,
  validation_failed: m.error_title_that_input_is_not_valid,
  not_in_cache: m.error_title_not_in_the_offline_cache,
  insufficient_stock: m.error_title_not_enough_stock,
  stock_item_not_found: m.error_title_unknown_sku,
  shipment_not_found: m.error_title_shipment_not_found,
  shipment_not_cancellable: m.error_title_this_shipment_can_no_longer_be_cancelled,
  shipment_not_deletable: m.error_title_this_shipment_cannot_be_deleted,
  idempotency_key_reused: m.error_title_conflicting_repeated_request,
  payload_too_large: m.error_title_the_request_is_too_large,
  outbox_entry_not_found: m.error_title_that_adjustment_no_longer_exists,
  outbox_not_retryable: m.error_title_that_adjustment_cannot_be_retried,
  outbox_not_discardable: m.error_title_that_adjustment_cannot_be_discarded,
  outcome_unknown: m.error_title_the_service_may_have_applied_it,
  unknown_channel: m.error_title_something_went_wrong,
  untrusted_sender: m.error_title_something_went_wrong,
};

const FALLBACK_MESSAGES: Record<string, () => string> = {
  offline: m.error_fallback_offline,
  network_error: m.error_fallback_offline,
  timeout: m.error_fallback_timeout,
  internal_error: m.error_fallback_internal,
};

export function errorTitle(error: Pick<DeskError, 'code'>): string {
  return (TITLES[error.code] ?? m.error_title_the_request_failed)();
}

/** The message main sent, first line only (never a stack), or a sensible text for the code. */
export function errorMessage(error: Pick<DeskError, 'code' | 'message'>): string {
  const raw = typeof error.message === 'string' ? error.message : '';
  const firstLine = (raw.split(/\r?\n\s*at\s/)[0] ?? '').trim();
  const clean = firstLine.replace(/\[object \w+\]/g, '').trim();
  if (clean.length > 0 && clean !== 'undefined' && clean !== 'null') return clean.length > 600 ? `${clean.slice(0, 600)}…` : clean;
  return (FALLBACK_MESSAGES[error.code] ?? m.error_fallback_none)();
}

