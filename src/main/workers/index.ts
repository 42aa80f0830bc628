export { WorkerStore } from './worker-store';
export { signNote } from './worker-note';
export { workerChannels } from './handlers';
