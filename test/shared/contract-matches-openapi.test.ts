import { describe, expect, it } from 'vitest';
import { openapiDocument } from '../../src/shared/api';
import { SERVICE_LEVELS, SHIPMENT_STATUSES, SHIPMENT_TOKEN_PATTERN, SKU_PATTERN } from '../../src/shared/ipc/records';
import { ADJUSTMENT_REASONS } from '../../src/shared/ipc/value-lists';

// The IPC records restate a few enums and patterns of the API so the renderer can validate forms
// without the OpenAPI document; this keeps the two from drifting apart.
const schemas = (openapiDocument as { components: { schemas: Record<string, { pattern?: string; enum?: string[] }> } }).components.schemas;

describe('IPC records agree with resources/openapi.yaml', () => {
  it.each([
    ['Sku', SKU_PATTERN],
    ['ShipmentToken', SHIPMENT_TOKEN_PATTERN],
  ])('%s pattern', (name, pattern) => {
    expect(schemas[name]?.pattern).toBe(pattern);
  });

  it.each([
    ['AdjustmentReason', ADJUSTMENT_REASONS],
    ['ShipmentStatus', SHIPMENT_STATUSES],
    ['ServiceLevel', SERVICE_LEVELS],
  ])('%s enum', (name, values) => {
    expect([...(schemas[name]?.enum ?? [])].sort()).toEqual([...values].sort());
  });
});
