import { test as base, expect, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FaultSettings } from '../../../src/sandbox';
import { startHarness, type HarnessDeskCore, type HarnessOptions, type RunningHarness } from '../../../src/harness/index';
import { restMouse } from './page-helpers';
import { takeScreenshot } from './screenshot';

/**
 * Playwright fixture for the end-to-end specs: one harness (the real core in demo mode, the real
 * router, the real renderer) per test file, with a fresh temporary data folder, shared by the
 * tests of that file and closed when the next file starts or the worker ends.
 *
 *   import { test, expect } from './support/harness-fixture';
 *   test('…', async ({ page, desk }) => { await page.goto(desk.url); … });
 *
 * `test.use({ deskOptions: { demoSandbox: { demo: { skus: 100_000 } } } })` at the top of a file
 * changes that file's harness. The keychain is the real one: run Playwright inside
 * scripts/with-keyring.sh (npm run test:e2e does).
 */
export interface DeskHarness {
  /** Opens the app; includes the token (each load gives the page a page token for the bridge; no cookie). */
  url: string;
  origin: string;
  core: HarnessDeskCore;
  /** Changes the demo sandbox's fault injection through POST /__test/faults. */
  setFaults(faults: Partial<FaultSettings>): Promise<void>;
  /** Expires every token the sandbox issued (the next call gets token_expired). */
  expireTokens(): Promise<void>;
  /** Moves the demo sandbox's clock forward (tokens expire; Idempotency-Keys past 24 h are forgotten), and the desk's with it (the outbox judges a key's age by it). */
  advanceClock(ms: number): Promise<void>;
  /** Saves a screenshot to test/artifacts/e2e/<name>.png and returns its path. */
  screenshot(page: Page, name: string, options?: { fullPage?: boolean }): Promise<string>;
}

export type DeskOptions = Pick<HarnessOptions, 'demoSandbox' | 'secrets'>;

const ARTIFACTS = join(import.meta.dirname, '../../artifacts/e2e');

class HarnessPerFile {
  #current: { key: string; harness: RunningHarness } | null = null;

  async for(file: string, options: DeskOptions): Promise<RunningHarness> {
    const key = `${file}\n${JSON.stringify(options.demoSandbox ?? {})}\n${options.secrets ? 'custom-secrets' : 'keychain'}`;
    if (this.#current?.key === key) return this.#current.harness;
    await this.close();
    const harness = await startHarness({ ...options, testControls: true });
    this.#current = { key, harness };
    return harness;
  }

  async close(): Promise<void> {
    const current = this.#current;
    this.#current = null;
    await current?.harness.close();
  }
}

async function control(harness: RunningHarness, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${harness.origin}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${harness.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { ok: boolean; error?: { code: string; message: string } };
  if (!answer.ok) throw new Error(`${path}: ${answer.error?.code}: ${answer.error?.message}`);
}

export const test = base.extend<{ desk: DeskHarness; deskOptions: DeskOptions }, { harnessPerFile: HarnessPerFile }>({
  deskOptions: [{}, { option: true }],
  harnessPerFile: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
    async ({}, use) => {
      const pool = new HarnessPerFile();
      await use(pool);
      await pool.close();
    },
    { scope: 'worker' },
  ],
  desk: async ({ harnessPerFile, deskOptions }, use, testInfo) => {
    const harness = await harnessPerFile.for(testInfo.file, deskOptions);
    await use({
      url: harness.url,
      origin: harness.origin,
      core: harness.core,
      setFaults: (faults) => control(harness, '/__test/faults', faults),
      expireTokens: () => control(harness, '/__test/expire-tokens', {}),
      advanceClock: (ms) => control(harness, '/__test/advance-clock', { ms }),
      async screenshot(page, name, options = {}) {
        if (!/^[a-z0-9][a-z0-9._-]{0,80}$/i.test(name)) throw new Error(`screenshot name ${name} is not a plain file name`);
        await mkdir(ARTIFACTS, { recursive: true });
        const path = join(ARTIFACTS, `${name}.png`);
        await restMouse(page); // the resting state, not the hover of the last click
        await takeScreenshot(page, { path, ...options });
        return path;
      },
    });
  },
});

/**
 * Collects what must never happen on a page: console errors (Chromium reports CSP refusals
 * there too), uncaught exceptions, and `securitypolicyviolation` events. Call before page.goto.
 */
export async function watchPage(page: Page): Promise<{ problems: string[]; violations: () => Promise<string[]> }> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    type Violation = { violatedDirective: string; blockedURI: string; sourceFile: string; lineNumber: number };
    const g = globalThis as unknown as { __cspViolations: string[]; document: { addEventListener(name: string, l: (e: Violation) => void): void } };
    g.__cspViolations = [];
    // Where it came from, so a failure names the culprit (e.g. a library probing `new Function`).
    g.document.addEventListener('securitypolicyviolation', (e) => g.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`));
  });
  return {
    problems,
    violations: () => page.evaluate(() => (globalThis as unknown as { __cspViolations?: string[] }).__cspViolations ?? []),
  };
}

export { expect };
