/**
 * A fetch that remembers every bearer token it saw going out or coming back, so a test can look
 * for them where they must never be (the data folder).
 */
export function tokenSpyingFetch(): { fetch: typeof fetch; tokens: Set<string> } {
  const tokens = new Set<string>();
  const spy: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const auth = headers.get('authorization');
    if (auth?.startsWith('Bearer ')) tokens.add(auth.slice(7));
    const response = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/auth/token') && response.ok) {
      const body = (await response.clone().json()) as { access_token?: string };
      if (body.access_token) tokens.add(body.access_token);
    }
    return response;
  };
  return { fetch: spy, tokens };
}
