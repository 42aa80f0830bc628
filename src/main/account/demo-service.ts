/**
 * The demo's service as the account sees it: a base URL and public demo credentials. The
 * composition root starts it (the sandbox, in-process) and hands it in; nothing here knows what
 * runs behind the URL.
 */
export interface DemoService {
  readonly baseUrl: string;
  readonly clientId: string;
  /** The demo's public credentials: no secret, held in memory only. */
  readonly clientSecret: string;
  /**
   * True when the service's data was created anew: its record versions start over, so what the
   * cache holds from an earlier demo would look newer than the service's answers and never be
   * replaced.
   */
  readonly seededAnew: boolean;
  close(): Promise<void>;
}

export type StartDemo = () => Promise<DemoService>;
