import { zValidator } from "@hono/zod-validator";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../app.tsx";
import { type PaymentResponse, paymentRequestSchema } from "../schemas/payment-request.ts";
import {
  createPaymentGateway,
  type PaymentGateway,
  PaymentProviderError,
  PaymentsNotConfiguredError,
  type StripeClientOptions,
} from "../services/stripe.ts";
import { isCartProblem, priceCart } from "./cart-pricing.ts";
import { checkoutSessionParams } from "./checkout-session.ts";
import { jsonError, summariseIssues, toIssues } from "./json-errors.ts";

export const PAYMENT_PATH = "/create-custom-payment";

/** A real cart (49 catalogue items at most) is a few kilobytes; anything near this is not a cart. */
export const MAX_BODY_BYTES = 64 * 1024;

export const messages = {
  notJson: "Send the order as JSON (Content-Type: application/json).",
  tooLarge: "The order is too large to process. Please remove some items and try again.",
  malformedJson: "The order could not be read: the request body is not valid JSON.",
  notConfigured: "Payments are not configured. Please contact us to complete your order.",
  providerFailed: "The payment provider could not be reached. Please try again in a moment.",
  unexpected: "Something went wrong on our side. Please try again in a moment.",
  methodNotAllowed: "Use POST to create a payment.",
} as const;

export type PaymentRouteOptions = { stripe?: StripeClientOptions };

/**
 * POST /create-custom-payment: checks the cart against the catalogue and answers `{ url }` of a
 * Stripe Checkout Session. Every answer is JSON; errors are `{ error }` (+ `issues` for 400s).
 */
export function paymentRoutes(options: PaymentRouteOptions = {}) {
  const app = new Hono<AppEnv>({ strict: false });

  app.post(
    PAYMENT_PATH,
    requireJson,
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => jsonError(c, 413, messages.tooLarge) }),
    readJsonBody,
    zValidator("json", paymentRequestSchema, (result, c) => {
      if (result.success) return;
      const issues = toIssues(result.error);
      return jsonError(c, 400, summariseIssues(issues), issues);
    }),
    async (c) => {
      const { services, customerInfo } = c.req.valid("json");
      const cart = priceCart(services);
      if (isCartProblem(cart)) return jsonError(c, cart.status, cart.error, cart.issues);

      let gateway: PaymentGateway;
      try {
        gateway = createPaymentGateway(c.env, options.stripe);
      } catch (err) {
        if (!(err instanceof PaymentsNotConfiguredError)) throw err;
        console.error(`Payment refused: ${err.message}`);
        return jsonError(c, 503, messages.notConfigured);
      }

      const params = checkoutSessionParams(cart, customerInfo, new URL(c.req.url).origin);
      try {
        const session = await gateway.createCheckoutSession(params, crypto.randomUUID());
        const body: PaymentResponse = { url: session.url };
        return c.json(body, 200, { "Cache-Control": "no-store" });
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        console.error(err.message);
        return jsonError(c, 502, messages.providerFailed);
      }
    },
  );

  app.all(PAYMENT_PATH, (c) => {
    c.header("Allow", "POST");
    return jsonError(c, 405, messages.methodNotAllowed);
  });

  // The site's onError renders an HTML page; a JSON client must get JSON, without any detail.
  app.onError((err, c) => {
    console.error(`Unhandled error on ${c.req.method} ${c.req.path}:`, err);
    return jsonError(c, 500, messages.unexpected);
  });

  return app;
}

/**
 * Only `application/json` is read. This also keeps cross-site HTML forms out: they cannot send
 * this content type without a CORS preflight, which the worker never grants.
 */
const requireJson: MiddlewareHandler = async (c, next) => {
  const mediaType = c.req.header("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") return jsonError(c, 415, messages.notJson);
  await next();
};

/** Parses the body once so bad JSON gets a JSON 400; the validator then reads the cached value. */
const readJsonBody: MiddlewareHandler = async (c, next) => {
  try {
    await c.req.json();
  } catch {
    return jsonError(c, 400, messages.malformedJson);
  }
  await next();
};
