import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../env.ts";
import { inBackground } from "../http/background.ts";
import { CART_BODY_MAX_BYTES } from "../http/body-limits.ts";
import { readJsonBody, requireJson } from "../http/json-body.ts";
import { jsonError, validJson } from "../http/json-errors.ts";
import { requestLog } from "../http/log.ts";
import { workContextOf } from "../http/work-context.ts";
import { countStep } from "../insight/request-events.ts";
import { PAYMENT_PATH } from "../paths.ts";
import type { StripeClientOptions } from "../providers/stripe.ts";
import { rateLimit } from "../security/rate-limit.ts";
import { refusalCopy } from "../security/refusal-copy.ts";
import { isCartProblem, priceCart } from "./cart-pricing.ts";
import { paymentApiCopy as messages } from "./payment-api-copy.ts";
import { type PaymentResponse, paymentRequestSchema } from "./payment-request-schema.ts";
import { type CheckoutStart, startCheckout } from "./start-checkout.ts";

export type PaymentRouteOptions = { stripe?: StripeClientOptions };

/**
 * POST /create-custom-payment: checks the cart against the catalogue and answers `{ url }` of a
 * Stripe Checkout Session. Every answer is JSON; errors are `{ error }` (+ `issues` for 400s).
 */
export function paymentRoutes(options: PaymentRouteOptions = {}) {
  const app = new Hono<AppEnv>({ strict: false });

  app.post(
    PAYMENT_PATH,
    rateLimit((env) => env.PAYMENT_LIMITER, refusalCopy.paymentRateLimited),
    requireJson(messages.notJson),
    bodyLimit({ maxSize: CART_BODY_MAX_BYTES, onError: (c) => jsonError(c, 413, messages.tooLarge) }),
    readJsonBody(messages.malformedJson),
    validJson(paymentRequestSchema),
    async (c) => {
      const { services, customerInfo } = c.req.valid("json");
      const cart = priceCart(services);
      if (isCartProblem(cart)) return jsonError(c, cart.status, cart.error, cart.issues);
      const context = workContextOf(c);
      const started = await startCheckout(context, cart, customerInfo, {
        background: inBackground(c),
        stripe: options.stripe,
      });
      if (started.kind !== "started") return jsonError(c, ...refusals[started.kind]);
      // A cart or a quote: the step is the same, its channel is what the owner reads.
      countStep(context, c.req.raw, "checkout", { route: "", channel: "card" });
      const body: PaymentResponse = { url: started.url };
      return c.json(body, 200, { "Cache-Control": "no-store" });
    },
  );

  app.all(PAYMENT_PATH, (c) => {
    c.header("Allow", "POST");
    return jsonError(c, 405, messages.methodNotAllowed);
  });

  // The site's onError renders an HTML page; a JSON client must get JSON, without any detail.
  app.onError((err, c) => {
    requestLog(c).error(`Unhandled error on ${c.req.method} ${c.req.path}`, { error: err });
    return jsonError(c, 500, messages.unexpected);
  });

  return app;
}

/** What a payment that could not start answers: 503 and 502 are worth a retry, 422 is not. */
const refusals: Record<Exclude<CheckoutStart["kind"], "started">, [ContentfulStatusCode, string]> = {
  "not-configured": [503, messages.notConfigured],
  "out-of-sync": [503, messages.outOfSync],
  // 422: the request was understood, and this order cannot be paid for as it stands.
  refused: [422, messages.refused],
  "provider-failed": [502, messages.providerFailed],
  "not-recorded": [503, messages.notRecorded],
};
