import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A raw HTTP client for the harness tests: node:http sends the path and headers exactly as given
 * (fetch would normalise `/../` away and refuse to set Host), so hostile requests stay hostile.
 */
export function raw(port: number, path: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; host?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: options.host ?? '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { host: `127.0.0.1:${port}`, ...options.headers }, setHost: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export function json(answer: RawAnswer): unknown {
  return JSON.parse(answer.body) as unknown;
}
