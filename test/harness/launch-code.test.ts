// The one-time launch code `npm start` opens a browser with, instead of the harness token on the
// browser's command line: issued only to the bearer of the token, redeemed once for the page, dead
// after (a replay of the same link fails), and never spent by a HEAD.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventHub } from '../../src/main/kernel/ipc/event-hub';
import type { Handlers } from '../../src/main/kernel/ipc/router';
import { LaunchCodes } from '../../src/harness/auth';
import { LAUNCH_CODES_PATH, startHarnessHost, type HarnessHost } from '../../src/harness/host';
import { json, raw } from './loopback-client';

let dir: string;
let host: HarnessHost;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'harness-launch-test-'));
  const rendererDir = join(dir, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), `<!doctype html><html><head><script type="module" src="./assets/app.js"></script></head><body></body></html>`);
  host = await startHarnessHost({ core: { handlers: {} as Handlers, events: new EventHub(), sandbox: () => null }, rendererDir });
});
afterAll(async () => {
  await host?.close();
  await rm(dir, { recursive: true, force: true });
});

const issue = (headers: Record<string, string>) => raw(host.port, LAUNCH_CODES_PATH, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
async function launchUrl(): Promise<string> {
  const answer = await issue({ authorization: `Bearer ${host.token}` });
  expect(answer.status).toBe(200);
  const { value } = json(answer) as { value: { url: string } };
  expect(value.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/__harness/launch\\?code=[0-9a-f]{64}$`));
  expect(value.url).not.toContain(host.token);
  return value.url;
}
const pathOf = (url: string) => url.slice(host.origin.length);

describe('launch codes over the loopback', () => {
  it('opens the page once: the first GET is sent on to the page with its token, a replay is refused', async () => {
    const path = pathOf(await launchUrl());
    const first = await raw(host.port, path);
    expect(first.status).toBe(303);
    expect(first.headers['location']).toBe(`/?token=${host.token}`);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    const page = await raw(host.port, first.headers['location'] as string);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<meta name="desk-harness-page" content="[0-9a-f]{64}" \/>/);

    const replay = await raw(host.port, path);
    expect(replay.status).toBe(401);
    expect(replay.headers['location']).toBeUndefined();
    expect(replay.body).not.toContain(host.token);
  });

  it('a HEAD does not spend the code; a made-up or malformed code opens nothing', async () => {
    const path = pathOf(await launchUrl());
    expect((await raw(host.port, path, { method: 'HEAD' })).status).toBe(401);
    expect((await raw(host.port, path)).status).toBe(303);
    for (const code of ['0'.repeat(64), 'x', '', host.token]) {
      const answer = await raw(host.port, `/__harness/launch?code=${code}`);
      expect(answer.status, code).toBe(401);
    }
  });

  it('issues codes to the bearer of the harness token only, not to a page or anyone else', async () => {
    expect((await issue({})).status).toBe(401);
    expect((await issue({ authorization: 'Bearer ' + '0'.repeat(64) })).status).toBe(401);
    const page = await raw(host.port, `/?token=${host.token}`);
    const pageToken = /content="([0-9a-f]{64})"/.exec(page.body)![1]!;
    expect((await issue({ 'x-desk-page': pageToken })).status).toBe(401);
  });
});

describe('LaunchCodes', () => {
  it('a code is good once, and not after its lifetime', () => {
    let now = 0;
    const codes = new LaunchCodes(() => now);
    const code = codes.issue();
    expect(codes.redeem(code)).toBe(true);
    expect(codes.redeem(code)).toBe(false);
    const late = codes.issue();
    now += 5 * 60_000 + 1;
    expect(codes.redeem(late)).toBe(false);
  });
});
