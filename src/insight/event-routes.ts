import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env.ts";
import { jsonError } from "../http/json-errors.ts";
import { workContextOf } from "../http/work-context.ts";
import { z } from "../lib/zod.ts";
import { INSIGHT_EVENT_PATH, paths } from "../paths.ts";
import { ceilingReached } from "../security/ceilings.ts";
import { RETRY_AFTER_SECONDS, rateLimit } from "../security/rate-limit.ts";
import { insightEventCopy as copy } from "./event-copy.ts";
import { countStep } from "./request-events.ts";

/** `{"event":"quote","path":"/custom-quote"}` is 40 bytes; nothing honest comes near this. */
const EVENT_MAX_BYTES = 256;

/** The steps only the browser sees, and the pages they may happen on (any other path counts as none). */
const beaconSchema = z.object({ event: z.enum(["cart", "quote"]), path: z.string().max(64) }).strict();
const pagePaths: readonly string[] = Object.values(paths);

/** The body as JSON, whatever it is labelled: sendBeacon sends text/plain, which needs no preflight. */
async function beaconOf(request: Request): Promise<z.infer<typeof beaconSchema> | null> {
  try {
    const parsed = beaconSchema.safeParse(JSON.parse(await request.text()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * POST /insight/event (docs/insight.md): a cart addition or a saved quote, sent by
 * navigator.sendBeacon from the visitor's page. Same-origin only (SAME_ORIGIN_ONLY_PATHS), limited
 * per network and for everyone together, 256 bytes at most; answers 204 once counted. Nothing from
 * the body is kept but the step and a page path the site has.
 */
export function insightEventRoutes() {
  const app = new Hono<AppEnv>({ strict: false });

  app.post(
    INSIGHT_EVENT_PATH,
    rateLimit((env) => env.INSIGHT_LIMITER, copy.rateLimited),
    bodyLimit({ maxSize: EVENT_MAX_BYTES, onError: (c) => jsonError(c, 413, copy.tooLarge) }),
    async (c) => {
      const beacon = await beaconOf(c.req.raw);
      if (!beacon) return jsonError(c, 400, copy.malformed);
      const context = workContextOf(c);
      if (await ceilingReached(context, "insightEvents")) {
        c.header("Retry-After", String(RETRY_AFTER_SECONDS));
        return jsonError(c, 429, copy.ceiling);
      }
      const route = pagePaths.includes(beacon.path) ? beacon.path : "";
      countStep(context, c.req.raw, beacon.event, { route });
      return c.body(null, 204, { "Cache-Control": "no-store" });
    },
  );

  app.all(INSIGHT_EVENT_PATH, (c) => {
    c.header("Allow", "POST");
    return jsonError(c, 405, copy.methodNotAllowed);
  });

  return app;
}
