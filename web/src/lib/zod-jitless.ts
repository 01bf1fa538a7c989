/**
 * What `import … from 'zod'` resolves to in the web build (web/vite.config.ts aliases it):
 * zod itself, configured before any schema is built. Zod compiles a fast path for object
 * schemas with `new Function`, first probing whether eval is allowed; our CSP forbids eval
 * (decision 012), so the probe is a CSP violation the browser reports on every page that
 * builds a schema. Jitless, zod never probes. Schemas are small; parsing speed is unchanged
 * to the eye.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
