import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { isCartProblem, priceCart } from "../checkout/cart-pricing.ts";
import type { AppEnv } from "../env.ts";
import { CART_BODY_MAX_BYTES } from "../http/body-limits.ts";
import { readJsonBody, requireJson } from "../http/json-body.ts";
import { jsonError, validJson } from "../http/json-errors.ts";
import { requestLog } from "../http/log.ts";
import { workContextOf } from "../http/work-context.ts";
import { MPESA_CALLBACK_PREFIX, MPESA_PAY_PATH, MPESA_TERMS_PATH } from "../paths.ts";
import { rateLimit } from "../security/rate-limit.ts";
import { promptWhenAdmitted } from "./mpesa-answers.ts";
import { mpesaCopy as copy } from "./mpesa-copy.ts";
import { type MpesaStarted, mpesaCartPaymentSchema } from "./mpesa-payment-schema.ts";
import { applyMpesaCallback } from "./mpesa-settle.ts";
import { checkMpesaCart } from "./mpesa-start.ts";
import { mpesaTerms } from "./mpesa-terms.ts";

/** A Daraja callback is a few hundred bytes; anything far larger is not one. */
const CALLBACK_MAX_BYTES = 8 * 1024;

/**
 * M-Pesa Express (docs/payments.md): the terms /checkout shows, a cart or a quote paid by a PIN
 * prompt on the buyer's phone and Daraja's callbacks. A quote's form is mpesa-quote.ts, each order's
 * waiting page mpesa-order.ts.
 */
export function mpesaRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  const jsonIn = [
    rateLimit((env) => env.PAYMENT_LIMITER, copy.rateLimited),
    requireJson(copy.notJson),
    bodyLimit({ maxSize: CART_BODY_MAX_BYTES, onError: (c) => jsonError(c, 413, copy.tooLarge) }),
    readJsonBody(copy.malformed),
  ] as const;

  app.get(
    MPESA_TERMS_PATH,
    rateLimit((env) => env.STATUS_LIMITER, copy.rateLimited),
    async (c) => c.json(await mpesaTerms(c.env), 200, { "Cache-Control": "no-store" }),
  );

  app.post(MPESA_PAY_PATH, ...jsonIn, validJson(mpesaCartPaymentSchema), async (c) => {
    const { services, customerInfo, phone, kesAmount } = c.req.valid("json");
    const cart = priceCart(services);
    if (isCartProblem(cart)) return jsonError(c, cart.status, cart.error, cart.issues);
    const checked = await checkMpesaCart(workContextOf(c), cart, customerInfo, kesAmount);
    const answer = await promptWhenAdmitted(c, checked, phone);
    if (answer.kind === "refused") return jsonError(c, answer.status, answer.error);
    const body: MpesaStarted = { url: answer.path };
    return c.json(body, 200, { "Cache-Control": "no-store" });
  });

  // Daraja's answer to one prompt. Whatever it holds, Daraja is told it was received: a forged or
  // stale callback learns nothing, and nothing it says is acted on without an STK query.
  app.post(
    `${MPESA_CALLBACK_PREFIX}:token`,
    bodyLimit({ maxSize: CALLBACK_MAX_BYTES, onError: (c) => c.json({ ResultCode: 0, ResultDesc: "Accepted" }) }),
    async (c) => {
      const body = await c.req.json().catch(() => null);
      try {
        await applyMpesaCallback(workContextOf(c), c.req.param("token"), body);
      } catch (error) {
        requestLog(c).error("M-Pesa callback could not be applied now; the sweep will ask Daraja", { error });
      }
      return c.json({ ResultCode: 0, ResultDesc: "Accepted" }, 200, { "Cache-Control": "no-store" });
    },
  );

  return app;
}
