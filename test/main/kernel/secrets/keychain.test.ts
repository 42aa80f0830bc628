import keytar from 'keytar';
import { describe, expect, it } from 'vitest';

// Runs inside scripts/with-keyring.sh: a private D-Bus session with an unlocked GNOME keyring.
describe('keytar against the real Secret Service', () => {
  it('sets, reads and deletes a secret', async () => {
    const service = `warehouse-desk-test-${process.pid}`;
    await keytar.setPassword(service, 'account', 's3cret');
    expect(await keytar.getPassword(service, 'account')).toBe('s3cret');
    expect(await keytar.deletePassword(service, 'account')).toBe(true);
    expect(await keytar.getPassword(service, 'account')).toBeNull();
  });
});
