import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env.ts";
import { stringBinding } from "../http/bindings.ts";
import { jsonError } from "../http/json-errors.ts";
import { type Logger, requestLog } from "../http/log.ts";
import { workContextOf } from "../http/work-context.ts";
import { lazyOnce } from "../lib/lazy-once.ts";
import { z } from "../lib/zod.ts";
import { STRIPE_WEBHOOK_PATH } from "../paths.ts";
import { verifyStripeWebhook, WebhookVerificationError } from "../providers/stripe-webhook.ts";
import { handleStripeEvent } from "./fulfilment.ts";
import type { FulfilmentOutcome } from "./fulfilment-types.ts";
import { webhookCopy } from "./webhook-api-copy.ts";

/** A Checkout Session event is a few kilobytes; Stripe caps every payload far below this. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/**
 * The envelope of an event; a signed payload without it is refused, not guessed at. The object is
 * kept whole: each handler reads its own kind (checkout/stripe-objects.ts). `created` is kept as
 * sent: a time that cannot be right is the handler's to flag for review, not a reason for Stripe
 * to retry for days. Built by the first webhook, not at start-up.
 */
const eventShape = lazyOnce(() =>
  z.object({
    id: z.string().min(1),
    type: z.string().min(1),
    created: z.unknown().optional(),
    data: z.object({ object: z.record(z.string(), z.unknown()) }),
  }),
);

/**
 * POST /stripe/webhook: Stripe's signed Checkout Session events. Only a fresh event signed with
 * STRIPE_WEBHOOK_SECRET reaches fulfilment; everything else gets 400 and changes nothing. The
 * answer comes once the event is stored, so a failure is retried by Stripe rather than lost.
 */
export function webhookRoutes() {
  const app = new Hono<AppEnv>({ strict: false });

  app.post(
    STRIPE_WEBHOOK_PATH,
    bodyLimit({ maxSize: MAX_WEBHOOK_BYTES, onError: (c) => jsonError(c, 413, webhookCopy.tooLarge) }),
    async (c) => {
      const secret = stringBinding(c.env, "STRIPE_WEBHOOK_SECRET");
      if (!secret) {
        // 503 rather than 400: Stripe keeps retrying for days, so nothing is lost once it is set.
        requestLog(c).error("Stripe webhook refused: STRIPE_WEBHOOK_SECRET is not set");
        return jsonError(c, 503, webhookCopy.notConfigured);
      }
      const signature = c.req.header("Stripe-Signature");
      if (!signature) return jsonError(c, 400, webhookCopy.missingSignature);

      // The signature covers the exact bytes Stripe sent, so the body is read raw, never re-serialised.
      const raw = await c.req.text();
      let verified: unknown;
      try {
        verified = await verifyStripeWebhook(raw, signature, secret);
      } catch (err) {
        if (!(err instanceof WebhookVerificationError)) throw err;
        requestLog(c).warn(err.message, { error: err });
        return jsonError(c, 400, webhookCopy.badSignature);
      }
      const event = eventShape().safeParse(verified);
      if (!event.success) {
        requestLog(c).warn("Stripe webhook refused: signed payload is not an event");
        return jsonError(c, 400, webhookCopy.malformed);
      }

      const outcome = await handleStripeEvent(workContextOf(c, { eventId: event.data.id }), event.data);
      const { id, type } = event.data;
      logOutcome(requestLog(c, { eventId: id, eventType: type }), id, type, outcome);
      return c.json({ received: true }, 200, { "Cache-Control": "no-store" });
    },
  );

  app.all(STRIPE_WEBHOOK_PATH, (c) => {
    c.header("Allow", "POST");
    return jsonError(c, 405, webhookCopy.methodNotAllowed);
  });

  app.onError((err, c) => {
    requestLog(c).error(`Stripe webhook failed on ${c.req.method} ${c.req.path}`, { error: err });
    return jsonError(c, 500, webhookCopy.failed);
  });

  return app;
}

function logOutcome(log: Logger, eventId: string, type: string, outcome: FulfilmentOutcome): void {
  switch (outcome.kind) {
    case "unknown-subscription":
      log.warn(
        `Stripe event ${eventId} (${type}) is for unknown subscription ${outcome.subscriptionId}; acknowledged.`,
        {
          subscriptionId: outcome.subscriptionId,
        },
      );
      return;
    case "held-invoice":
      log.warn(
        `Stripe event ${eventId} (${type}): invoice ${outcome.invoiceId} is for subscription ${outcome.subscriptionId}, not linked to an order yet; held until it is.`,
        { subscriptionId: outcome.subscriptionId },
      );
      return;
    case "billing":
      log.info(`Stripe event ${eventId} (${type}): order ${outcome.orderId}: ${outcome.summary}.`, {
        orderId: outcome.orderId,
      });
      return;
    case "unknown-session":
      log.warn(`Stripe event ${eventId} (${type}) is for unknown session ${outcome.orderId}; acknowledged.`, {
        orderId: outcome.orderId,
      });
      return;
    case "duplicate":
      log.info(`Stripe event ${eventId} (${type}) was already handled.`);
      return;
    case "ignored":
      log.info(`Stripe event ${eventId} ignored: ${outcome.reason}.`);
      return;
    case "applied": {
      const { result } = outcome;
      if (!result.found) return;
      const change = result.changed ? `${result.previous} → ${result.status}` : `stays ${result.status}`;
      log.info(`Stripe event ${eventId} (${type}): order ${outcome.orderId} ${change}.`, {
        orderId: outcome.orderId,
        status: result.status,
      });
    }
  }
}
