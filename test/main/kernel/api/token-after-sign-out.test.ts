import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../../src/main/composition/desk-core';
import { CredentialVault, createKeytarStore } from '../../../../src/main/kernel/secrets';
import { DEMO_OWNERS, type RunningSandbox } from '../../../../src/sandbox';
import { ipcClient } from '../../composition/support/ipc';
import { startTestSandbox } from '../../composition/support/sandbox';
import { tempDir } from '../../composition/support/temp-dir';

const keychain = createKeytarStore();
const { clientId, clientSecret } = DEMO_OWNERS.desk;

/**
 * The real fetch, except that, once armed, the token endpoint's answers are held back from the
 * core: the request reaches the sandbox (a token is issued) and its answer waits until released,
 * as on a slow network. `arrived` resolves when such a request has been answered by the sandbox.
 */
function tokenHoldingFetch() {
  let armed: { gate: Promise<void>; open: () => void; reached: () => void; arrived: Promise<void> } | null = null;
  const wrapped: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const hold = armed;
    if (hold && url.endsWith('/auth/token')) {
      hold.reached();
      await hold.gate;
    }
    return response;
  };
  return {
    fetch: wrapped,
    arm() {
      let open: () => void = () => undefined;
      let reached: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const arrived = new Promise<void>((resolve) => (reached = resolve));
      armed = { gate, open, reached, arrived };
      return {
        arrived,
        release: () => {
          armed = null;
          open();
        },
      };
    },
  };
}

describe('a token that arrives after sign-out (real keychain, sandbox over HTTP)', () => {
  let sandbox: RunningSandbox;
  const dir = tempDir('desk-token-sign-out-');
  const held = tokenHoldingFetch();
  let core: DeskCore;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    core = await createDeskCore({ dataDir: dir.path, secrets: keychain, demoByDefault: false, syncIntervalMs: 600_000, fetch: held.fetch });
  });
  afterAll(async () => {
    await core.close();
    await sandbox.close();
    dir.remove();
  });

  it('is neither kept in the keychain nor used: signing out while a call waits for a new token leaves the keychain empty', async () => {
    const ipc = ipcClient(core);
    const vault = new CredentialVault(keychain);
    const account = { baseUrl: sandbox.baseUrl, clientId };
    await ipc.call('account.signIn', { baseUrl: sandbox.baseUrl, clientId, clientSecret });
    expect((await ipc.call('sync.now')).state).toBe('idle');

    // The kept token expires; the next call meets token_expired and asks for a new one, whose
    // answer the network holds back. Meanwhile the worker signs out.
    sandbox.expireTokens();
    const hold = held.arm();
    const listing = ipc.raw('shipments.list', {});
    await hold.arrived;
    await ipc.call('account.signOut');
    expect(await vault.loadToken(account)).toBeNull();
    expect(await vault.loadSecret(account)).toBeNull();

    hold.release();
    const answer = await listing;
    expect(await vault.loadToken(account), 'a token of the signed-out account is back in the keychain').toBeNull();
    expect(await vault.loadSecret(account)).toBeNull();
    // The call belonged to the account that signed out: it does not go on with a token obtained
    // for it (refused as not signed in, or served from the cache, never with the service's data).
    if (answer.ok) expect(answer.value.source).toBe('cache');
    else expect(answer.error.code).toBe('not_signed_in');
  });
});
