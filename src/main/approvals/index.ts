export { Approvals } from './approvals';
export { approvalChannels } from './handlers';
