export { productChannels } from './handlers';
