import { z } from 'zod';

// zod builds fast parsers with `new Function`, and probes for it when a schema is created. A page
// (the renderer, the sandboxed preload) runs under a CSP without 'unsafe-eval', where that probe
// is a reported violation; main keeps the compiled parsers. Every schema module of the contract
// imports z from here, so the setting is made before the first schema exists, whatever order the
// bundler puts the modules in.
if ('window' in globalThis) z.config({ jitless: true });

export { z };
