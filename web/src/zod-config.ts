/**
 * Imported first by main.tsx, before any schema runs. Zod compiles object parsers with `new Function` after probing
 * whether eval works; under the server's Content-Security-Policy (no 'unsafe-eval') the probe itself is reported
 * as a violation. Without the compiled parsers, parsing the few forms and answers of a page is just as quick.
 */
import { z } from 'zod';

z.config({ jitless: true });
