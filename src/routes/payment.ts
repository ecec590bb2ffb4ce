import { zValidator } from "@hono/zod-validator";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { company } from "../content/company.ts";
import type { AppEnv } from "../env.ts";
import { CART_BODY_MAX_BYTES } from "../http/body-limits.ts";
import { jsonError, summariseIssues, toIssues } from "../http/json-errors.ts";
import { type Logger, log } from "../http/log.ts";
import { mediaTypeOf } from "../http/media-type.ts";
import { siteOrigin } from "../http/site-origin.ts";
import { isCartProblem, type PricedCart, priceCart } from "../orders/cart-pricing.ts";
import { checkoutSessionParams } from "../orders/checkout-session.ts";
import { insertOrder, type NewOrder } from "../orders/repository.ts";
import { PAYMENT_PATH } from "../paths.ts";
import type { CustomerInfo } from "../schemas/customer-info.ts";
import { type PaymentResponse, paymentRequestSchema } from "../schemas/payment-request.ts";
import { securityMessages } from "../security/messages.ts";
import { rateLimit } from "../security/rate-limit.ts";
import {
  type CreatedCheckoutSession,
  createPaymentGateway,
  type PaymentGateway,
  PaymentProviderError,
  PaymentRefusedError,
  PaymentsNotConfiguredError,
  type StripeClientOptions,
} from "../services/stripe.ts";

const messages = {
  notJson: "Send the order as JSON (Content-Type: application/json).",
  tooLarge: "The order is too large to process. Please remove some items and try again.",
  malformedJson: "The order could not be read: the request body is not valid JSON.",
  notConfigured: "Payments are not configured. Please contact us to complete your order.",
  providerFailed: "The payment provider could not be reached. Please try again in a moment.",
  // Trying again would be refused again: only a person can find what the provider would not take.
  refused: `We could not accept this order as it is, and nothing was charged. Please contact us at ${company.emails.general.display} or ${company.phone.display} and we will complete it with you.`,
  unexpected: "Something went wrong on our side. Please try again in a moment.",
  notRecorded:
    "We could not record your order, so no payment was started and nothing was charged. Please try again in a moment.",
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
    rateLimit((env) => env.PAYMENT_LIMITER, securityMessages.paymentRateLimited),
    requireJson,
    bodyLimit({ maxSize: CART_BODY_MAX_BYTES, onError: (c) => jsonError(c, 413, messages.tooLarge) }),
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
        log(c).error(`Payment refused: ${err.message}`, { error: err });
        return jsonError(c, 503, messages.notConfigured);
      }

      const orderRef = crypto.randomUUID();
      const params = checkoutSessionParams(cart, customerInfo, siteOrigin(c.env, c.req.url), orderRef);
      let session: CreatedCheckoutSession;
      try {
        session = await gateway.createCheckoutSession(params, crypto.randomUUID());
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        log(c).error(`Checkout Session could not be created: ${err.message}`, { error: err });
        // 422: the request was understood, and this order cannot be paid for as it stands.
        if (err instanceof PaymentRefusedError) return jsonError(c, 422, messages.refused);
        return jsonError(c, 502, messages.providerFailed);
      }

      // The url is handed out only once the order is stored: nobody may pay for an order we did not record.
      try {
        await insertOrder(c.env.DB, orderOf(session.id, orderRef, cart, customerInfo));
      } catch (err) {
        const logger = log(c, { sessionId: session.id });
        logger.error(`Order for Checkout Session ${session.id} could not be recorded`, { error: err });
        await inBackground(c, abandonSession(gateway, session.id, logger));
        return jsonError(c, 503, messages.notRecorded);
      }
      const body: PaymentResponse = { url: session.url };
      return c.json(body, 200, { "Cache-Control": "no-store" });
    },
  );

  app.all(PAYMENT_PATH, (c) => {
    c.header("Allow", "POST");
    return jsonError(c, 405, messages.methodNotAllowed);
  });

  // The site's onError renders an HTML page; a JSON client must get JSON, without any detail.
  app.onError((err, c) => {
    log(c).error(`Unhandled error on ${c.req.method} ${c.req.path}`, { error: err });
    return jsonError(c, 500, messages.unexpected);
  });

  return app;
}

/** The order row for a session: the catalogue's names and prices, never the browser's. */
function orderOf(sessionId: string, orderRef: string, cart: PricedCart, customer: CustomerInfo): NewOrder {
  return {
    sessionId,
    orderRef,
    mode: cart.subscription ? "subscription" : "payment",
    customer,
    items: cart.lines.map(({ entry, quantity }) => ({
      id: entry.id,
      name: entry.name,
      category: entry.category,
      unitAmountCents: entry.unitAmount,
      quantity,
      recurring: entry.recurring,
    })),
    totalCents: cart.totalCents,
  };
}

/** Best effort: a session whose url was never handed out would otherwise stay open for 24 hours. */
async function abandonSession(gateway: PaymentGateway, sessionId: string, logger: Logger): Promise<void> {
  try {
    await gateway.expireCheckoutSession(sessionId);
  } catch (err) {
    logger.error(`Unrecorded Checkout Session ${sessionId} could not be expired`, { sessionId, error: err });
  }
}

/** Lets work finish after the answer when the runtime allows it; without an execution context, waits. */
async function inBackground(c: Context, work: Promise<void>): Promise<void> {
  let waitUntil: ((promise: Promise<unknown>) => void) | undefined;
  try {
    const ctx = c.executionCtx;
    waitUntil = (promise) => ctx.waitUntil(promise);
  } catch {
    waitUntil = undefined;
  }
  if (waitUntil) waitUntil(work);
  else await work;
}

/**
 * Only `application/json` is read. This also keeps cross-site HTML forms out: they cannot send
 * this content type without a CORS preflight, which the worker never grants.
 */
const requireJson: MiddlewareHandler = async (c, next) => {
  if (mediaTypeOf(c) !== "application/json") return jsonError(c, 415, messages.notJson);
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
