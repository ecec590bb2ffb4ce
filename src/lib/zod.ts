import { z } from "zod";

/**
 * zod, configured once for every schema. `jitless`: zod would otherwise probe `new Function` on
 * the first parse to compile faster validators, and under the site's Content-Security-Policy
 * (no 'unsafe-eval') that probe is blocked and reported as a violation, though zod carries on.
 * The worker never compiles either (zod skips it on Cloudflare), so nothing is lost there.
 */
z.config({ jitless: true });

export { z };
