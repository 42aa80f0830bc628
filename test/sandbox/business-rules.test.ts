// Every rule the contract documents in `x-rules` (the rules its schemas cannot express), provoked
// against the sandbox: each answer has the documented status, code and problem on the field. A
// rule added to the document without a case here fails the first test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openapiDocument } from '../../src/shared/api/openapi-document.gen';
import type { OperationId } from '../../src/shared/api/types';
import { validateRequestBody } from '../../src/shared/api/validators';
import { expectError, startTestSandbox, validShipment, type Loose, type Reply, type TestSandbox } from './helpers';

interface DocumentedRule {
  id: string;
  rule: string;
  status: number;
  code: string;
  problem: string;
}

function collectRules(node: unknown, into = new Map<string, DocumentedRule>()): Map<string, DocumentedRule> {
  if (Array.isArray(node)) for (const item of node) collectRules(item, into);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-rules') for (const rule of value as DocumentedRule[]) into.set(rule.id, rule);
      else collectRules(value, into);
    }
  }
  return into;
}

const documented = collectRules(openapiDocument);

let t: TestSandbox;
let otherWarehouse: string;

beforeAll(async () => {
  t = await startTestSandbox();
  otherWarehouse = (await t.api.call('listWarehouses', { token: t.other })).body.data[0].id;
});
afterAll(() => t.stop());

const route = (origin: string, destination = 'DE') => ({
  origin: { country: origin, postal_code: '1043 AM' },
  destination: { country: destination, postal_code: '10119' },
  parcels: [{ weight_grams: 1000 }],
});

/** A request that breaks the rule, and the field the refusal must name. */
const provoke: Record<string, Array<() => Promise<[Reply<Loose>, string]>>> = {
  'gtin-check-digit': [
    async () => [await t.api.call('listProducts', { token: t.desk, body: { barcode: '8712345000124' } }), 'barcode'],
    async () => [await t.api.call('listProducts', { token: t.desk, body: { barcode: '01234567' } }), 'barcode'],
  ],
  'country-assigned': [
    async () => [await t.api.call('createShipment', { token: t.desk, idempotencyKey: crypto.randomUUID(), body: validShipment({ recipient: { name: 'X', address: { line1: 'a', city: 'b', postal_code: '1', country: 'XX' } } }) }), 'recipient.address.country'],
    async () => [await t.api.call('createShipment', { token: t.desk, idempotencyKey: crypto.randomUUID(), body: validShipment({ sender: { name: 'X', address: { line1: 'a', city: 'b', postal_code: '1', country: 'UK' } } }) }), 'sender.address.country'],
  ],
  'country-supported': [
    async () => [await t.api.call('greenIndex', { token: t.desk, body: route('ZZ') }), 'origin.country'],
    async () => [await t.api.call('transitTime', { token: t.desk, body: { origin: route('NL').origin, destination: { country: 'IS', postal_code: '101' } } }), 'destination.country'],
  ],
  'own-warehouse': [
    async () => [await t.api.call('adjustStock', { token: t.desk, params: { sku: 'WD-000001' }, idempotencyKey: crypto.randomUUID(), body: { warehouse_id: otherWarehouse, delta: 1, reason: 'found' } }), 'warehouse_id'],
    async () => [await t.api.call('listStock', { token: t.desk, body: { warehouse_id: 'wh_nothere' } }), 'warehouse_id'],
  ],
  'cursor-issued': [
    async () => [await t.api.call('listProducts', { token: t.desk, body: { cursor: 'eyJzIjoxfQ.made-up' } }), 'cursor'],
    async () => {
      const issued = (await t.api.call('listProducts', { token: t.desk, body: { limit: 1 } })).body.next_cursor as string;
      return [await t.api.call('listProducts', { token: t.desk, body: { cursor: `${issued.slice(0, -2)}${issued.endsWith('A') ? 'B' : 'A'}A` } }), 'cursor'];
    },
  ],
  'cursor-same-list': [
    async () => {
      const other = (await t.api.call('listProducts', { token: t.other, body: { limit: 1 } })).body.next_cursor as string;
      return [await t.api.call('listProducts', { token: t.desk, body: { cursor: other } }), 'cursor'];
    },
    async () => {
      const issued = (await t.api.call('listShipments', { token: t.desk, body: { limit: 1 } })).body.next_cursor as string;
      return [await t.api.call('listWarehouses', { token: t.desk, body: { cursor: issued } }), 'cursor'];
    },
  ],
  'cursor-not-empty': [
    async () => [await t.api.call('listProducts', { token: t.desk, body: { cursor: '' } }), 'cursor'],
    async () => [await t.api.call('listShipments', { token: t.desk, body: { cursor: '' } }), 'cursor'],
  ],
};

describe('the rules the contract documents in x-rules', () => {
  it('are each provoked here, and each names an HTTP status and a stable code', () => {
    expect([...documented.keys()].sort()).toEqual(Object.keys(provoke).sort());
    for (const rule of documented.values()) {
      expect(rule.status, rule.id).toBe(422);
      expect(rule.code, rule.id).toBe('validation_failed');
      expect(rule.problem.length, rule.id).toBeGreaterThan(0);
    }
  });

  describe.each(Object.keys(provoke))('%s', (id) => {
    it('is refused by the sandbox with the documented status, code and problem', async () => {
      const rule = documented.get(id);
      expect(rule, `x-rules has ${id}`).toBeDefined();
      for (const attempt of provoke[id]!) {
        const [reply, field] = await attempt();
        expectError(reply, rule!.status, rule!.code);
        expect(reply.body.error.details, `${id}: ${reply.text.slice(0, 300)}`).toContainEqual({ field, problem: rule!.problem });
      }
    });
  });
});

describe('email: one rule for the contract and every validator', () => {
  const withEmail = (email: string) => validShipment({ recipient: { name: 'Jonas', email, address: { line1: 'Torstraße 1', city: 'Berlin', postal_code: '10119', country: 'DE' } } });
  const check = (email: string) => validateRequestBody('createShipment' as OperationId, withEmail(email));

  it.each(['jonas@example.com', 'j.o+desk@mail.example.co.uk', "o'brien@example.ie", 'a@b.cd'])('takes %s', (email) => {
    expect(check(email).ok).toBe(true);
  });

  it.each(['user@localhost', '"john doe"@example.com', 'user@[127.0.0.1]', 'jonas@exämple.com', 'jönas@example.com', '.jonas@example.com', 'jonas..x@example.com', 'jonas@-example.com', 'jonas example.com', 'jonas@'])(
    'refuses %s with the contract\'s problem',
    (email) => {
      const result = check(email);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.problems).toContainEqual(expect.objectContaining({ field: 'recipient.email', problem: 'must be an email address such as name@example.com' }));
    },
  );

  it('is what the sandbox answers too (it validates with the same document)', async () => {
    const reply = await t.api.call('createShipment', { token: t.desk, idempotencyKey: crypto.randomUUID(), body: withEmail('user@localhost') });
    expectError(reply, 422, 'validation_failed');
    expect(reply.body.error.details).toContainEqual({ field: 'recipient.email', problem: 'must be an email address such as name@example.com' });
  });
});
