// The request body parser: every body is read as JSON whatever its Content-Type (an empty body,
// no bytes at all, is `{}`); bytes that are not UTF-8 or not JSON, whitespace alone included
// (JSON has no empty value), are 400 invalid_request. Fastify enforces the 1 MiB limit before
// this runs (413).
import { ApiError } from './errors';

export const MAX_BODY_BYTES = 1_048_576;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return {};
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new ApiError('invalid_request', 'The request body is not valid UTF-8.', [{ field: '', problem: 'must be UTF-8 encoded JSON' }]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('invalid_request', 'The request body is not valid JSON.', [{ field: '', problem: 'must be a JSON object' }]);
  }
}
