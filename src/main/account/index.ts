export { AccountService, accountKey, type AccountServiceOptions } from './account-service';
export { AccountSession, type AccountSessionOptions } from './account-session';
export type { DemoService, StartDemo } from './demo-service';
export { accountChannels } from './handlers';
