// The policy's `supervisor` section, checked entry by entry: what is wrong is reported and costs
// only itself, the rest applies over the desk's defaults.
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '../../../src/main/policy';

describe('the supervisor section of a policy file', () => {
  it('applies a complete, valid section', () => {
    const section = { pinRequired: true, approve: { adjustmentsFrom: 50, discardUncertain: true, cancelShipment: true, changeSettings: true }, maxAttempts: 5, lockoutMinutes: 5 };
    expect(parsePolicy({ supervisor: section })).toMatchObject({ supervisor: section, problems: [] });
  });

  it('reports unknown names, wrong types and huge numbers, and applies the valid part', () => {
    const hostile = { maxAttempts: 1e308, lockoutMinutes: '5', approve: { adjustmentsFrom: 20, discardUncertain: 'yes', 'rm -rf': true }, backdoor: { pin: '0000' }, pinRequired: true };
    const { supervisor, problems } = parsePolicy({ supervisor: hostile });
    expect(supervisor).toEqual({ pinRequired: true, approve: { adjustmentsFrom: 20, discardUncertain: false, cancelShipment: false, changeSettings: false }, maxAttempts: 5, lockoutMinutes: 5 });
    expect(problems.map((p) => [p.reason, p.entry])).toEqual([
      ['invalid_value', 'supervisor.maxAttempts'],
      ['invalid_value', 'supervisor.lockoutMinutes'],
      ['invalid_value', 'supervisor.approve.discardUncertain'],
      ['unknown_setting', 'supervisor.approve.rm?-rf'],
      ['unknown_setting', 'supervisor.backdoor'],
    ]);
  });

  it('a section that is not an object is reported, and no rules come from it', () => {
    expect(parsePolicy({ supervisor: [1, 2] })).toMatchObject({ supervisor: null, problems: [{ reason: 'invalid_value', entry: 'supervisor' }] });
    expect(parsePolicy({})).toMatchObject({ supervisor: null, problems: [] });
  });
});
