import { describe, expect, it } from 'vitest';
import { PrinterProfile, PrinterSetup } from '../../src/shared/ipc/printer-records';

const dock = { id: 'dock-3', name: 'Dock 3 Zebra', kind: 'zpl-network', host: '10.0.4.21', dpi: 203, size: '100x150' } as const;

describe('printer profiles', () => {
  it('takes a network ZPL printer, a raw queue and the system dialog, with port 9100 by default', () => {
    expect(PrinterProfile.parse(dock)).toEqual({ ...dock, port: 9100 });
    expect(PrinterProfile.parse({ id: 'shelf', name: 'Shelf labels', kind: 'zpl-queue', queue: 'Zebra_ZD421', dpi: 300, size: '62x29', darkness: 20, speed: 4 })).toMatchObject({ queue: 'Zebra_ZD421' });
    expect(PrinterProfile.parse({ id: 'office', name: 'Office', kind: 'system' })).toEqual({ id: 'office', name: 'Office', kind: 'system' });
  });

  it.each([
    ['a URL for a host', { ...dock, host: 'http://10.0.4.21' }],
    ['a host with a path', { ...dock, host: 'printer/../etc' }],
    ['a host with a space', { ...dock, host: 'dock 3' }],
    ['port 0', { ...dock, port: 0 }],
    ['a port past 65535', { ...dock, port: 70_000 }],
    ['a dpi printers do not have', { ...dock, dpi: 250 }],
    ['the A4 sheet on a thermal printer', { ...dock, size: 'a4' }],
    ['darkness 31', { ...dock, darkness: 31 }],
    ['speed 1.5', { ...dock, speed: 1.5 }],
    ['an unknown field', { ...dock, script: 'x' }],
    ['an empty name', { ...dock, name: '   ' }],
    ['a queue that lp would read as an option', { id: 'q', name: 'Q', kind: 'zpl-queue', queue: '-o raw', dpi: 203, size: '62x29' }],
    ['a queue with a shell character', { id: 'q', name: 'Q', kind: 'zpl-queue', queue: 'zebra;rm', dpi: 203, size: '62x29' }],
    ['a system profile with an address', { id: 'o', name: 'O', kind: 'system', host: '10.0.0.1' }],
  ])('refuses %s', (_what, profile) => {
    expect(PrinterProfile.safeParse(profile).success).toBe(false);
  });
});

describe('printer setup', () => {
  it('routes each label kind to a profile of the list', () => {
    expect(PrinterSetup.parse({ profiles: [dock], routes: { shipment: 'dock-3' } }).routes).toEqual({ shipment: 'dock-3' });
  });

  it('refuses a route to no profile, and two profiles with one id', () => {
    expect(PrinterSetup.safeParse({ profiles: [dock], routes: { shelf: 'gone' } }).success).toBe(false);
    expect(PrinterSetup.safeParse({ profiles: [dock, { ...dock, name: 'Other' }], routes: {} }).success).toBe(false);
  });
});
