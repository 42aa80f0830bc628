// `npm run sandbox` alone: prints its base URL and the demo credentials, serves, stops cleanly on
// SIGINT/SIGTERM, and a restart on the same --db file finds the data.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient, tempDir } from './helpers';

const root = resolve(import.meta.dirname, '../..');
const dir = tempDir();
afterAll(() => dir.remove());

interface Started {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

function startCli(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox CLI did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1] && output.includes('other-demo-secret')) {
        clearTimeout(timer);
        resolvePromise({ child, baseUrl: match[1], output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`sandbox CLI exited with ${code}:\n${output}`)));
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolvePromise) => child.on('exit', (code) => resolvePromise(code)));
}

describe('sandbox CLI', () => {
  it('starts with --port 0 --db, prints URL and credentials, stops on SIGTERM and SIGINT, keeps data', async () => {
    const db = dir.file('cli.sqlite');
    const first = await startCli(['--port', '0', '--db', db, '--skus', '50', '--shipments', '10']);
    expect(first.output()).toContain('desk-demo-secret');
    const api = new ApiClient(first.baseUrl);
    const token = await api.token('desk');
    const warehouse = (await api.call('listWarehouses', { token })).body.data[0].id;
    const adjusted = await api.call('adjustStock', { token, params: { sku: 'WD-000050' }, body: { warehouse_id: warehouse, delta: 9, reason: 'received' }, idempotencyKey: 'cli-test-1' });
    expect(adjusted.status).toBe(200);
    const exited = exitOf(first.child);
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const second = await startCli(['--port', '0', '--db', db]);
    const api2 = new ApiClient(second.baseUrl);
    const read = await api2.call('readStock', { token, params: { sku: 'WD-000050' } });
    expect(read.body).toEqual(adjusted.body.stock_item);
    const exited2 = exitOf(second.child);
    second.child.kill('SIGINT');
    expect(await exited2).toBe(0);
  });

  it('refuses a malformed flag value', async () => {
    await expect(startCli(['--port', 'eighty'])).rejects.toThrow(/--port must be a whole number/);
  });
});
