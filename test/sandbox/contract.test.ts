// The OpenAPI document against itself and against the sandbox's error table: every documented
// error code has one HTTP status, responses list only codes of their own status, and the
// generated TypeScript files are up to date.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/sandbox/errors';
import { allOperations } from '../../src/shared/api/operations';
import { openapiDocument } from '../../src/shared/api/openapi-document.gen';
import type { ErrorCode } from '../../src/shared/api/types';
import { documentedErrorCodes, validateRequestBody } from '../../src/shared/api/validators';

const root = resolve(import.meta.dirname, '../..');

type Json = Record<string, unknown>;
const schemas = (openapiDocument['components'] as Json)['schemas'] as Json;
const errorCodes = ((schemas['ErrorCode'] as Json)['oneOf'] as Json[]).map((entry) => ({
  code: entry['const'] as ErrorCode,
  status: entry['x-http-status'] as number,
}));

describe('the OpenAPI document', () => {
  it('has the token endpoint and the 12 operations of the seed, all POST under /1.0', () => {
    const paths = [...allOperations().values()].map((op) => op.pathTemplate).sort();
    expect(paths).toEqual([
      '/1.0/auth/token',
      '/1.0/logistics/products/list',
      '/1.0/logistics/stock/list',
      '/1.0/logistics/stock/{sku}/adjust',
      '/1.0/logistics/stock/{sku}/read',
      '/1.0/logistics/warehouses/list',
      '/1.0/shipments/create',
      '/1.0/shipments/green-index',
      '/1.0/shipments/list',
      '/1.0/shipments/transit-time',
      '/1.0/shipments/{token}/cancel',
      '/1.0/shipments/{token}/delete',
      '/1.0/shipments/{token}/read',
    ]);
    expect([...allOperations().values()].filter((op) => op.requiresIdempotencyKey).map((op) => op.operationId).sort()).toEqual(['adjustStock', 'createShipment']);
    expect([...allOperations().values()].filter((op) => !op.requiresAuth).map((op) => op.operationId)).toEqual(['getToken']);
  });

  it('gives every error code the status the sandbox answers with', () => {
    expect(errorCodes).toHaveLength(17);
    for (const { code, status } of errorCodes) expect(new ApiError(code, 'x').status, code).toBe(status);
  });

  it('lists on each error response only codes of that status, and every operation documents 400/405/413/422/429/500/503', () => {
    const statusOf = new Map(errorCodes.map((e) => [e.code as string, e.status]));
    for (const op of allOperations().values()) {
      for (const status of [400, 401, 405, 413, 422, 429, 500, 503]) {
        const codes = documentedErrorCodes(op.operationId, status);
        expect(codes.length, `${op.operationId} ${status}`).toBeGreaterThan(0);
        for (const code of codes) expect(statusOf.get(code), `${op.operationId} ${status} ${code}`).toBe(status);
      }
    }
  });

  it('keeps request bodies strict and responses open', () => {
    expect(validateRequestBody('listWarehouses', { surprise: 1 }).ok).toBe(false);
    expect(validateRequestBody('listWarehouses', {}).ok).toBe(true);
  });

  it('matches the generated TypeScript files (npm run gen:api --check)', () => {
    const output = execFileSync(process.execPath, ['scripts/gen-api.mjs', '--check'], { cwd: root, encoding: 'utf8' });
    expect(output).toContain('up to date');
  });
});
