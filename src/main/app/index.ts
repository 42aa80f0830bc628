export { appChannels, type AppDeps } from './handlers';
