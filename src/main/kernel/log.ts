/** Where main writes what an operator may need; never given a secret. */
export type Log = (level: 'info' | 'warn' | 'error', message: string, data?: Record<string, unknown>) => void;
