import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DemoService } from '../account';
import type { RunningSandbox, SandboxOptions } from '../../sandbox';

export const DEMO_SANDBOX_FILE = 'demo-sandbox.sqlite';

export interface DemoSandbox {
  /** Starts the sandbox (loaded on first use only: the app's core never imports it) on 127.0.0.1. */
  start(): Promise<DemoService>;
  /** The running one, for tests, the harness's test controls and benchmarks. */
  current(): RunningSandbox | null;
}

export function demoSandbox(dataDir: string, options: Partial<SandboxOptions> = {}): DemoSandbox {
  let running: RunningSandbox | null = null;
  return {
    current: () => running,
    async start() {
      const settings: SandboxOptions = { host: '127.0.0.1', port: 0, dbPath: join(dataDir, DEMO_SANDBOX_FILE), ...options };
      const seededAnew = settings.dbPath === undefined || settings.dbPath === ':memory:' || !existsSync(settings.dbPath);
      const { startSandbox, DEMO_OWNERS } = await import('../../sandbox');
      const sandbox = await startSandbox(settings);
      running = sandbox;
      const { clientId, clientSecret } = DEMO_OWNERS.desk;
      return {
        baseUrl: sandbox.baseUrl,
        clientId,
        clientSecret,
        seededAnew,
        close: async () => {
          if (running === sandbox) running = null;
          await sandbox.close();
        },
      };
    },
  };
}
