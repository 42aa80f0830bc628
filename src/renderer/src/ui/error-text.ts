import type { DeskError } from '../../../shared/ipc/result';

/**
 * Turns a DeskError into what a person reads: a title by code (so the worker knows what kind of
 * problem it is and what to do) and the message main sent, cleaned so that no stack trace,
 * "[object Object]" or empty text ever reaches the screen.
 */
const TITLES: Record<string, string> = {
  offline: 'The service cannot be reached',
  network_error: 'The service cannot be reached',
  timeout: 'The service took too long to answer',
  service_unavailable: 'The service is unavailable',
  rate_limited: 'Too many requests, please wait a moment',
  internal_error: 'Something went wrong',
  unexpected_response: 'The service answered something unexpected',
  not_signed_in: 'Not signed in',
  invalid_credentials: 'Wrong client id or secret',
  unauthorized: 'Not authorised',
  token_expired: 'The session expired',
  keychain_unavailable: 'The system keychain is not available',
  invalid_argument: 'That input is not valid',
  invalid_request: 'That input is not valid',
  validation_failed: 'That input is not valid',
  not_in_cache: 'Not in the offline cache',
  insufficient_stock: 'Not enough stock',
  stock_item_not_found: 'Unknown SKU',
  shipment_not_found: 'Shipment not found',
  shipment_not_cancellable: 'This shipment can no longer be cancelled',
  shipment_not_deletable: 'This shipment cannot be deleted',
  idempotency_key_reused: 'Conflicting repeated request',
  payload_too_large: 'The request is too large',
  outbox_entry_not_found: 'That adjustment no longer exists',
  outbox_not_retryable: 'That adjustment cannot be retried',
  outbox_not_discardable: 'That adjustment cannot be discarded',
  unknown_channel: 'Something went wrong',
  untrusted_sender: 'Something went wrong',
};

const FALLBACK_MESSAGES: Record<string, string> = {
  offline: 'Check the network cable or Wi-Fi. Work continues from the offline cache.',
  network_error: 'Check the network cable or Wi-Fi. Work continues from the offline cache.',
  timeout: 'Try again in a moment.',
  internal_error: 'Try again. If it keeps happening, tell support the code and request id below.',
};

export function errorTitle(error: Pick<DeskError, 'code'>): string {
  return TITLES[error.code] ?? 'The request failed';
}

/** The message main sent, first line only (never a stack), or a sensible text for the code. */
export function errorMessage(error: Pick<DeskError, 'code' | 'message'>): string {
  const raw = typeof error.message === 'string' ? error.message : '';
  const firstLine = (raw.split(/\r?\n\s*at\s/)[0] ?? '').trim();
  const clean = firstLine.replace(/\[object \w+\]/g, '').trim();
  if (clean.length > 0 && clean !== 'undefined' && clean !== 'null') return clean.length > 600 ? `${clean.slice(0, 600)}…` : clean;
  return FALLBACK_MESSAGES[error.code] ?? 'No further detail was given.';
}

