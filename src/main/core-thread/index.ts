export { startCoreThread, type CoreThread, type CoreThreadOptions } from './core-thread';
