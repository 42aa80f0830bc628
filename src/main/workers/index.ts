export { WorkerStore, type WorkerWithPin } from './worker-store';
export { signNote } from './worker-note';
export { hashPin, pinMatches } from './pin-hash';
export { workerChannels } from './handlers';
