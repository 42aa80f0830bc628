/**
 * A fetch that remembers every bearer token it saw going out or coming back, so a test can look
 * for them where they must never be (the data folder). It can also hold every answer back from the
 * core until released (`hold`): the requests reach the service, their answers wait, as if the
 * network hung, so a test decides by order, not by time, what the core does before an answer.
 */
export function tokenSpyingFetch(): { fetch: typeof fetch; tokens: Set<string>; hold: () => () => void } {
  const tokens = new Set<string>();
  let gate: Promise<void> | null = null;
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
    while (gate) await gate;
    return response;
  };
  const hold = (): (() => void) => {
    let open: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (open = resolve));
    gate = held;
    return () => {
      if (gate === held) gate = null;
      open();
    };
  };
  return { fetch: spy, tokens, hold };
}
