import { config, z } from 'zod';

// zod builds a fast parser with `new Function` unless told not to, and probes for it when a schema is
// created. Our CSP forbids eval, so in the browser that probe is a logged CSP violation (Lighthouse's
// best-practices audit fails on it) for a speed-up no form needs. Importing zod through this module
// guarantees the setting comes before any schema: ES modules run their imports first.
config({ jitless: true });

export { z };
