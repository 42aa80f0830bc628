export { ConnectivityMonitor, type ConnectivityMonitorOptions } from './monitor';
