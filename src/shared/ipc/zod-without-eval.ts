import { z } from 'zod';

// zod probes `new Function` to compile fast parsers; under the renderer's CSP (no 'unsafe-eval')
// that probe is a reported violation. Import this module first wherever zod runs in a page.
z.config({ jitless: true });
