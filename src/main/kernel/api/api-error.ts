// What the API client throws. It knows nothing of IPC: the IPC layer maps it to the contract's
// DeskError in one place (kernel/ipc/desk-error.ts).

/** A field problem the service (or the request check) named. */
export interface ApiProblem {
  field: string;
  problem: string;
}

/** A failure of one call as plain data: what an attempt reports and an ApiError carries. */
export interface ApiFailure {
  /** The service's error code (`insufficient_stock`) or the client's own (`network_error`, `timeout`, `unexpected_response`, `not_signed_in`, ...). */
  code: string;
  /** Safe to show: clipped, secrets redacted. */
  message: string;
  /** HTTP status, when an HTTP answer came. */
  status?: number;
  /** The service's request id, for support. */
  requestId?: string;
  details?: ApiProblem[];
  /** Which sentence of the code the screens word (`network_error`: `refused`), and the values it names. */
  reason?: string;
  params?: Record<string, string | number>;
}

export class ApiError extends Error implements ApiFailure {
  readonly code: string;
  readonly status?: number;
  readonly requestId?: string;
  readonly details?: ApiProblem[];
  readonly reason?: string;
  readonly params?: Record<string, string | number>;
  /** The wait the last answer's Retry-After asked for (ms), when it sent one: when to try again. */
  readonly retryAfterMs?: number;

  constructor(failure: ApiFailure, retryAfterMs?: number) {
    super(failure.message);
    this.name = 'ApiError';
    this.code = failure.code;
    if (failure.status !== undefined) this.status = failure.status;
    if (failure.requestId !== undefined) this.requestId = failure.requestId;
    if (failure.details !== undefined) this.details = failure.details;
    if (failure.reason !== undefined) this.reason = failure.reason;
    if (failure.params !== undefined) this.params = failure.params;
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }
}

/** An ApiError for a failure the client finds itself, before or without an HTTP answer. */
export function apiError(code: string, message: string, extra: Omit<ApiFailure, 'code' | 'message'> = {}): ApiError {
  return new ApiError({ code, message, ...extra });
}
