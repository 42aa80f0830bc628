import type { DeclaredChannels } from '../journal';
import { policyStatus, type ManagedPolicy } from './policy';

export function policyChannels(policy: ManagedPolicy): DeclaredChannels<'policy.get'> {
  const status = policyStatus(policy);
  return { 'policy.get': { handle: () => structuredClone(status) } };
}
