import { z } from 'zod';

// The page policy has no 'unsafe-eval', and zod's object parser otherwise probes `new Function`
// when a schema is built, which the browser reports as a CSP violation. The interpreted parser is
// fast enough for forms. This module must be evaluated before any schema is built, so the client's
// entry and root.tsx import it first.
z.config({ jitless: true });
