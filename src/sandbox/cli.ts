// `npm run sandbox -- [--port 8787] [--db <file>] [--host 127.0.0.1] [--skus N] [--shipments N] [--seed N] [--no-rate-limit]`
// Starts the sandbox alone, prints its base URL and the demo credentials, stops on SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { DEMO_OWNERS, startSandbox, type SandboxOptions } from './index';

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]+$/.test(value)) throw new Error(`--${name} must be a whole number, got "${value}"`);
  return Number(value);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      db: { type: 'string' },
      host: { type: 'string' },
      skus: { type: 'string' },
      shipments: { type: 'string' },
      seed: { type: 'string' },
      'no-rate-limit': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log('npm run sandbox -- [--port 8787] [--db <file>] [--host 127.0.0.1] [--skus 2400] [--shipments 240] [--seed 1] [--no-rate-limit]');
    return;
  }
  const options: SandboxOptions = {
    host: values.host,
    port: integer('port', values.port) ?? 0,
    dbPath: values.db,
    demo: { skus: integer('skus', values.skus), shipments: integer('shipments', values.shipments), seed: integer('seed', values.seed) },
    ...(values['no-rate-limit'] ? { rateLimit: false as const } : {}),
  };
  const started = Date.now();
  const sandbox = await startSandbox(options);
  console.log(`Shipping & Logistics API 1.0 sandbox listening on ${sandbox.baseUrl} (ready in ${Date.now() - started} ms)`);
  console.log(`database: ${sandbox.dbPath}${values.db ? '' : ' (temporary, removed on exit)'}`);
  console.log('demo credentials (POST /1.0/auth/token with {"client_id", "client_secret"}):');
  for (const owner of Object.values(DEMO_OWNERS)) console.log(`  client_id ${owner.clientId}  client_secret ${owner.clientSecret}`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
