import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env.ts";
import { requestLog } from "../http/log.ts";
import { workContextOf } from "../http/work-context.ts";
import { REVERSAL_RESULT_PATH, REVERSAL_TIMEOUT_PATH } from "../paths.ts";
import { rateLimit } from "../security/rate-limit.ts";
import { applyReversalAnswer } from "./mpesa-reversals.ts";
import { refundsCopy } from "./refunds-copy.ts";
import { isResultSecret } from "./reversal-secret.ts";

/** A reversal's result is under a kilobyte; anything far larger is not one. */
const RESULT_MAX_BYTES = 8 * 1024;

/** Daraja's documented acknowledgement: the same whatever the body held, so a forger learns nothing. */
const ACCEPTED = { ResultCode: 0, ResultDesc: "Accepted" } as const;

/**
 * Daraja's answers to a refund's reversal (docs/refunds.md): POST /payments/reversal/<secret>/result
 * and …/timeout. Limited per client network, bounded, and refused (404, the site's page) unless the
 * secret segment is ours. Whatever the body holds, Daraja is told it was received; what it says is
 * applied only when it names a reversal we asked for (refunds/mpesa-reversals.ts).
 */
export function reversalRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  for (const [path, kind] of [
    [REVERSAL_RESULT_PATH, "result"],
    [REVERSAL_TIMEOUT_PATH, "timeout"],
  ] as const) {
    app.post(
      path,
      rateLimit((env) => env.STATUS_LIMITER, refundsCopy.rateLimited),
      bodyLimit({ maxSize: RESULT_MAX_BYTES, onError: (c) => c.json(ACCEPTED) }),
      async (c, next) => ((await isResultSecret(c.env, c.req.param("secret") ?? "")) ? next() : c.notFound()),
      async (c) => {
        const body = await c.req.json().catch(() => null);
        try {
          await applyReversalAnswer(workContextOf(c), kind, body);
        } catch (error) {
          requestLog(c).error("A reversal answer could not be applied now", { kind, error });
        }
        return c.json(ACCEPTED, 200, { "Cache-Control": "no-store" });
      },
    );
  }
  return app;
}
