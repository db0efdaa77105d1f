/**
 * The page policy has no 'unsafe-eval', and zod's object parser otherwise probes `new Function`
 * when a schema is built, which the browser reports as a CSP violation. The interpreted parser is
 * fast enough for forms. This module must be evaluated before any schema is built, so the client's
 * entry and root.tsx import it first.
 *
 * It sets the option where zod keeps its configuration, a global every copy of zod adopts when it
 * is evaluated, rather than through `z.config()`: importing zod here would load it on every page,
 * and a staff page that builds no schema as it starts (the dashboard) now loads zod only with the
 * first module that does (ADR 0111). zod-jitless.test.ts checks that zod still reads it.
 */
const zodHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodHolder.__zod_globalConfig ??= {}).jitless = true;

export {};
