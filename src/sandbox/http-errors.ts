// Maps whatever went wrong while answering (our ApiError, fastify's own errors, bugs) to an API
// error with a stable code, and writes it with the X-Request-Id header and the error body.
import type { FastifyReply } from 'fastify';
import { ApiError, errorBody } from './errors';

interface ErrorWithCode {
  code?: unknown;
  statusCode?: unknown;
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const { code, statusCode } = (typeof error === 'object' && error !== null ? error : {}) as ErrorWithCode;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ApiError('payload_too_large', 'The request body is larger than 1 MiB.');
  // A path fastify cannot even decode or whose parameter is absurdly long names nothing.
  if (code === 'FST_ERR_BAD_URL' || code === 'FST_ERR_MAX_PARAM_LENGTH') return new ApiError('not_found', 'No such path.');
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return new ApiError('invalid_request', 'The request is malformed.');
  }
  return new ApiError('internal_error', 'Something went wrong on our side.');
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply
    .code(error.status)
    .headers({ ...error.headers, 'X-Request-Id': reply.request.id })
    .type('application/json')
    .send(JSON.stringify(errorBody(error, reply.request.id)));
}
