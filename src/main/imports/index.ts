export { importChannels } from './handlers';
