import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env.ts";
import { stringBinding } from "../http/bindings.ts";
import { jsonError } from "../http/json-errors.ts";
import { requestLog } from "../http/log.ts";
import { workContextOf } from "../http/work-context.ts";
import { PAYBILL_C2B_CONFIRM_PATH, PAYBILL_C2B_VALIDATE_PATH } from "../paths.ts";
import { isOurSecret } from "../security/path-secret.ts";
import { rateLimit } from "../security/rate-limit.ts";
import { c2bPaymentOf } from "./c2b-body-schema.ts";
import { c2bAccepted } from "./c2b-results.ts";
import { checkC2bSecret } from "./c2b-secret.ts";
import { recordOrKeep, validationResult } from "./paybill-confirm.ts";
import { paybillCopy as copy } from "./paybill-copy.ts";

/** Safaricom's C2B bodies are about 400 bytes; a few KB leave room for long names and nothing more. */
const C2B_BODY_MAX_BYTES = 4 * 1024;

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * Only our secret opens these paths: anything else (no secret configured, one too short, another
 * value) is the site's plain 404, as for a path that does not exist.
 */
function ourSecretOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const check = checkC2bSecret(stringBinding(c.env, "MPESA_C2B_PATH_SECRET"));
    if (!check.ok) {
      if (stringBinding(c.env, "MPESA_C2B_PATH_SECRET")) requestLog(c).error(`C2B paths closed: ${check.problem}`);
      return c.notFound();
    }
    if (!(await isOurSecret(c.req.param("secret") ?? "", check.secret))) return c.notFound();
    await next();
  };
}

/** The body as JSON, whatever its content type says (Safaricom's is JSON); undefined when it is not. */
async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A confirmation, recorded and acknowledged; one not recorded at all asks Safaricom to send it again (503). */
async function confirm(c: Context<AppEnv>): Promise<Response> {
  const context = workContextOf(c);
  const read = c2bPaymentOf(await jsonBody(c));
  if (!read.ok) {
    context.log.error("A C2B confirmation could not be read: nothing recorded", {
      problem: read.problem,
      transId: read.transId,
    });
    return jsonError(c, 400, copy.daraja.unreadable);
  }
  if (!(await recordOrKeep(context, read.payment))) return jsonError(c, 503, copy.daraja.unavailable);
  return c.json(c2bAccepted, 200, NO_STORE);
}

/**
 * Daraja's C2B calls for paybill payments (docs/paybill.md), at the addresses `npm run
 * mpesa:register` registers: POST …/<secret>/validate before M-Pesa takes the money, POST
 * …/<secret>/confirm after. Each is rate limited per network, its body capped, its secret compared
 * in constant time; each answer is Daraja's documented one.
 */
export function paybillRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  const gate = [
    rateLimit((env) => env.C2B_LIMITER, copy.daraja.rateLimited),
    ourSecretOnly(),
    bodyLimit({ maxSize: C2B_BODY_MAX_BYTES, onError: (c) => jsonError(c, 413, copy.daraja.tooLarge) }),
  ] as const;

  app.post(PAYBILL_C2B_VALIDATE_PATH, ...gate, async (c) =>
    c.json(await validationResult(workContextOf(c), await jsonBody(c)), 200, NO_STORE),
  );
  app.post(PAYBILL_C2B_CONFIRM_PATH, ...gate, confirm);

  return app;
}
