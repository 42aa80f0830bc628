import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelContents } from '../../../src/main/labels/label-content';
import { LABEL_GEOMETRY } from '../../../src/main/labels/label-sizes';
import { parseHostStatus, printerStatus, sendZpl } from '../../../src/main/printers/network-printer';
import { zplDocument } from '../../../src/main/printers/zpl/zpl-document';
import { FakeZplPrinter, hostStatusAnswer } from '../../support/fake-zpl-printer';
import { decodePng } from '../labels/support/decode';
import { fakeReads, SHIPMENT } from '../labels/support/fake-reads';
import { tempDir } from '../composition/support/temp-dir';
import { renderZpl, savePng } from './support/render-zpl';

/** Generous: the fake printer answers at once; this only bounds a test that would otherwise hang. */
const WAIT_MS = 10_000;

const code = (error: unknown) => (error as { error?: { code: string; reason?: string } }).error;

describe('a ZPL printer on the network (a fake one on 127.0.0.1)', () => {
  const dir = tempDir('network-printer-');
  const printer = new FakeZplPrinter();
  beforeAll(() => printer.start());
  afterAll(async () => {
    await printer.stop();
    dir.remove();
  });

  it('receives the document byte for byte, UTF-8 names included, and what it received renders to labels that scan', async () => {
    const { reads, records } = fakeReads();
    const upc = records.get('UPC-1');
    if (upc) records.set('UPC-1', { ...upc, name: 'Opaski kablowe, czarne — Łódź' });
    const labels = labelContents(reads, [
      { template: 'shelf', sku: 'UPC-1' },
      { template: 'shipment', token: SHIPMENT.token },
    ]);
    const { zpl } = zplDocument(labels, { size: '62x29', dpi: 300, copies: 2 });
    await sendZpl({ host: '127.0.0.1', port: printer.port }, zpl, WAIT_MS);
    const received = printer.received();
    expect(received).toBe(zpl);
    expect(received).toContain('Opaski kablowe, czarne — Łódź');

    const g = LABEL_GEOMETRY['62x29'];
    const pngs = await renderZpl(received, g.width, g.height, 12);
    expect(pngs).toHaveLength(2);
    const decoded = (await Promise.all(pngs.map((png, i) => decodePng(savePng(join(dir.path, `${i}.png`), png))))).flat();
    expect(decoded.map((d) => d.text).sort()).toEqual(['UPC-1', SHIPMENT.token, SHIPMENT.trackingNumber].sort());
    expect(received.match(/\^PQ2,0,1,N/g)).toHaveLength(2);
  });

  it("reads the printer's ~HS answer: ready, out of paper, paused, head open", async () => {
    const at = { host: '127.0.0.1', port: printer.port };
    expect(await printerStatus(at, WAIT_MS)).toEqual({ paperOut: false, paused: false, headOpen: false, ribbonOut: false, formatsWaiting: 0 });
    printer.flags = { paperOut: true, paused: false, headOpen: false };
    expect(await printerStatus(at, WAIT_MS)).toMatchObject({ paperOut: true, paused: false, headOpen: false });
    printer.flags = { paperOut: false, paused: true, headOpen: true };
    expect(await printerStatus(at, WAIT_MS)).toMatchObject({ paperOut: false, paused: true, headOpen: true });
    printer.flags = { paperOut: false, paused: false, headOpen: false };
  });

  it('refuses a status answer it does not know with a typed error, not a guess', () => {
    expect(parseHostStatus(hostStatusAnswer({ paperOut: false, paused: true, headOpen: false }, 3))).toMatchObject({ paused: true, formatsWaiting: 3 });
    for (const answer of ['', 'OK', '\u0002030,2,0,1245,000\u0003\u0002001,0,0,0\u0003', '\u0002030,0,0\u0003\u0002001\u0003']) {
      expect(() => parseHostStatus(answer)).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'unexpected_response', reason: 'printer_status' }) }) as Error);
    }
  });

  it('a printer switched off refuses the job with a typed error; switched on again it takes it', async () => {
    const at = { host: '127.0.0.1', port: printer.port };
    await printer.stop();
    const refused = await sendZpl(at, '^XA^XZ', WAIT_MS).then(
      () => null,
      (error: unknown) => error,
    );
    expect(code(refused)).toMatchObject({ code: 'network_error', reason: 'printer_refused' });
    await printer.start();
    await sendZpl(at, '^XA^FDback^FS^XZ', WAIT_MS);
    expect(printer.received()).toContain('^XA^FDback^FS^XZ');
  });

  it('a printer that takes the connection and never answers its status times out with a typed error', async () => {
    printer.silent = true;
    const error = await printerStatus({ host: '127.0.0.1', port: printer.port }, 200).then(
      () => null,
      (e: unknown) => e,
    );
    printer.silent = false;
    expect(code(error)).toMatchObject({ code: 'timeout', reason: 'printer_timeout' });
  });
});
