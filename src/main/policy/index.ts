export { loadPolicy, parsePolicy, policyStatus, NO_POLICY, type ManagedPolicy, type PolicyValues } from './policy';
export { policyFilePath, MAX_POLICY_BYTES } from './policy-file';
export { policyChannels } from './handlers';
export { policyLines } from './policy-lines';
