// The one place where failures thrown inside main become the IPC contract's error shape.
import { ApiError } from '../api';
import { DeskFailure, type DeskError } from '../../../shared/ipc/result';

/**
 * The DeskError a thrown failure stands for: an ApiError (the service's or the API client's
 * verdict) or a DeskFailure (the app's own). Undefined for anything else, which is a bug the
 * caller logs and answers as `internal_error`.
 */
export function toDeskError(error: ApiError | DeskFailure): DeskError;
export function toDeskError(error: unknown): DeskError | undefined;
export function toDeskError(error: unknown): DeskError | undefined {
  if (error instanceof DeskFailure) return { ...error.error };
  if (!(error instanceof ApiError)) return undefined;
  const mapped: DeskError = { code: error.code, message: error.message };
  if (error.status !== undefined) mapped.status = error.status;
  if (error.requestId !== undefined) mapped.requestId = error.requestId;
  if (error.details !== undefined) mapped.details = error.details.map((d) => ({ field: d.field, problem: d.problem }));
  if (error.reason !== undefined) mapped.reason = error.reason;
  if (error.params !== undefined) mapped.params = { ...error.params };
  return mapped;
}
