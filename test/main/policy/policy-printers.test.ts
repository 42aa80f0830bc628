// The policy file's printers entry checked piece by piece: a hostile profile or route is reported
// in plain words and left out, the valid ones apply, and nothing in the file can crash the desk.
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '../../../src/main/policy';

const GOOD = { id: 'dock-3', name: 'Dock 3', kind: 'zpl-network', host: '10.0.4.21', port: 9100, dpi: 203, size: '100x150' };
const entries = (json: unknown) => parsePolicy(json).problems.map(({ reason, entry }) => ({ reason, entry }));

describe('the printers of a policy file', () => {
  it('takes the valid profiles and routes, and names each one refused', () => {
    const policy = {
      settings: {
        printers: {
          profiles: [
            GOOD,
            { ...GOOD, id: 'js', host: 'javascript:alert(1)' },
            { ...GOOD, id: 'port', port: 70_000 },
            { id: 'shell', name: 'Shell', kind: 'zpl-queue', queue: 'x; rm -rf /', dpi: 203, size: '62x29' },
            { ...GOOD, id: 'extra', password: 'secret' },
            { ...GOOD, id: 'types', dpi: '203' },
            { ...GOOD, name: 'Same id again' },
            'not a profile',
          ],
          routes: { shipment: 'dock-3', shelf: 'js', parcel: 'dock-3' },
          colour: 'red',
        },
      },
      locked: ['printers'],
    };
    const parsed = parsePolicy(policy);
    expect(parsed.values.printers).toEqual({ profiles: [GOOD], routes: { shipment: 'dock-3' } });
    expect(parsed.locked.has('printers')).toBe(true);
    expect(entries(policy)).toEqual([
      { reason: 'unknown_setting', entry: 'settings.printers.colour' },
      { reason: 'invalid_value', entry: 'settings.printers.profiles.1' },
      { reason: 'invalid_value', entry: 'settings.printers.profiles.2' },
      { reason: 'invalid_value', entry: 'settings.printers.profiles.3' },
      { reason: 'invalid_value', entry: 'settings.printers.profiles.4' },
      { reason: 'invalid_value', entry: 'settings.printers.profiles.5' },
      { reason: 'invalid_value', entry: 'settings.printers.profiles.6' },
      { reason: 'invalid_value', entry: 'settings.printers.profiles.7' },
      { reason: 'invalid_value', entry: 'settings.printers.routes.shelf' },
      { reason: 'unknown_setting', entry: 'settings.printers.routes.parcel' },
    ]);
    const details = parsed.problems.map((p) => p.detail).join('\n');
    expect(details).not.toContain('javascript');
    expect(details).not.toContain('rm -rf');
    expect(details).not.toContain('secret');
  });

  it('reads at most 20 profiles of 10,000 and says how many it left out', () => {
    const profiles = Array.from({ length: 10_000 }, (_, i) => ({ ...GOOD, id: `p-${i}`, host: `10.0.${Math.floor(i / 250)}.${i % 250}` }));
    const parsed = parsePolicy({ settings: { printers: { profiles, routes: {} } } });
    expect(parsed.values.printers?.profiles).toHaveLength(20);
    expect(parsed.problems).toEqual([{ reason: 'invalid_value', entry: 'settings.printers.profiles', detail: 'a policy names at most 20 printers; 9980 more were left out' }]);
  });

  it.each([
    ['a list', []],
    ['a string', 'zebra'],
    ['null', null],
    ['profiles of the wrong type', { profiles: { a: GOOD } }],
    ['routes of the wrong type', { profiles: [GOOD], routes: ['shelf'] }],
  ])('with %s: reported, never thrown', (_what, printers) => {
    const parsed = parsePolicy({ settings: { printers, language: 'de' }, locked: ['printers'] });
    expect(parsed.problems.length).toBeGreaterThan(0);
    expect(parsed.problems.every((p) => p.entry?.startsWith('settings.printers'))).toBe(true);
    expect(parsed.values.language).toBe('de');
    expect(parsed.locked.has('printers')).toBe(true);
  });
});
