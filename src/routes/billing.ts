import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { billingCopy } from "../content/billing.ts";
import type { AppEnv } from "../env.ts";
import { type Logger, log } from "../http/log.ts";
import { siteOrigin } from "../http/site-origin.ts";
import { sendBillingLink } from "../mail/notify-visitors.ts";
import {
  createBillingLink,
  customerForEmail,
  describeTtl,
  REQUESTED_LINK_TTL_SECONDS,
  redeemBillingLink,
} from "../orders/billing-links.ts";
import { getOrder } from "../orders/repository.ts";
import { BILLING_FROM_ORDER_PATH, BILLING_OPEN_PATH, BILLING_PATH, paths } from "../paths.ts";
import {
  renderBilling,
  renderBillingLinkProblem,
  renderBillingOpen,
  renderBillingPortalReady,
} from "../render/site.tsx";
import { ceilingReached } from "../security/ceilings.ts";
import { isOverLimit, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";
import { createPaymentGateway, PaymentProviderError, PaymentsNotConfiguredError } from "../services/stripe.ts";

/** An e-mail address, a token or a session id: a few hundred bytes at most. */
const MAX_FORM_BYTES = 4 * 1024;

/** The portal button on the success page works this long after checkout; later, the e-mailed link. */
const FROM_ORDER_WINDOW_MS = 24 * 60 * 60 * 1000;

const emailField = z.string().trim().min(1).max(254).pipe(z.email());

/**
 * /billing: a buyer manages their subscription in Stripe's billing portal. Anyone can type any
 * address, so the answer is the same whether it is known or not, and the link goes only to the
 * address itself. Every POST is same-origin (security/origin.ts), bounded and rate limited.
 */
export function billingRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  const small = bodyLimit({ maxSize: MAX_FORM_BYTES, onError: (c) => renderBilling(c, { kind: "form" }, 413) });

  app.get(BILLING_PATH, (c) => renderBilling(c, { kind: "form" }));

  // The link's token is in its URL: no answer on this path may name it in a Referer.
  app.use(BILLING_OPEN_PATH, async (c, next) => {
    await next();
    c.res.headers.set("Referrer-Policy", "no-referrer");
  });

  app.post(BILLING_PATH, small, async (c) => {
    if (await isOverLimit(c, (env) => env.BILLING_LIMITER)) return tooMany(c);
    const email = emailField.safeParse((await readForm(c)).email);
    if (!email.success) return renderBilling(c, { kind: "form", problem: billingCopy.invalidEmail }, 400);
    const origin = siteOrigin(c.env, c.req.url);
    if (await ceilingReached(c.env, "billing", origin, log(c))) return tooMany(c, billingCopy.busy);
    // The answer is made before the address is even looked up, and the lookup and the e-mail run
    // after it: a known address and an unknown one cost the request the same work, so its timing
    // cannot tell who is a customer.
    const answer = await renderBilling(c, { kind: "sent" });
    const logger = log(c);
    // A timer, not a bare call: not even the lookup's query is started before the answer is sent.
    const afterAnswer = new Promise((resolve) => setTimeout(resolve, 0));
    c.executionCtx.waitUntil(afterAnswer.then(() => mailLinkIfKnown(c.env, email.data, origin, logger)));
    return answer;
  });

  app.get(BILLING_OPEN_PATH, (c) => {
    const token = c.req.query("token") ?? "";
    return token ? renderBillingOpen(c, token) : renderBillingLinkProblem(c, "unknown", 404);
  });

  app.post(BILLING_OPEN_PATH, small, async (c) => {
    if (await isOverLimit(c, (env) => env.BILLING_LIMITER)) return tooMany(c);
    const token = (await readForm(c)).token;
    const link = await redeemBillingLink(c.env.DB, typeof token === "string" ? token : "");
    if (!link.ok) return renderBillingLinkProblem(c, link.reason, link.reason === "unknown" ? 404 : 410);
    return openPortal(c, link.customerId);
  });

  app.post(BILLING_FROM_ORDER_PATH, small, async (c) => {
    if (await isOverLimit(c, (env) => env.BILLING_LIMITER)) return tooMany(c);
    const sessionId = (await readForm(c)).session_id;
    const order = typeof sessionId === "string" && sessionId ? await getOrder(c.env.DB, sessionId) : null;
    const recent = order?.paid_at && Date.now() - Date.parse(order.paid_at) < FROM_ORDER_WINDOW_MS;
    const manageable = order?.mode === "subscription" && order.status === "paid" && order.stripe_customer_id;
    if (!order?.stripe_customer_id || !manageable || !recent) {
      return renderBilling(c, { kind: "form", problem: billingCopy.fromOrder.expired }, 403);
    }
    return openPortal(c, order.stripe_customer_id);
  });

  return app;
}

async function readForm(c: Context): Promise<Record<string, unknown>> {
  try {
    return await c.req.parseBody();
  } catch {
    return {};
  }
}

/** Never throws: it runs after the answer, and a failure is only logged (the answer was the same). */
async function mailLinkIfKnown(env: Env, email: string, origin: string, logger: Logger): Promise<void> {
  try {
    const customer = await customerForEmail(env.DB, email);
    if (!customer) {
      logger.info("Billing link asked for an address with no subscription");
      return;
    }
    const makeLink = async () => {
      const token = await createBillingLink(env.DB, customer.customerId, customer.email, REQUESTED_LINK_TTL_SECONDS);
      const url = `${origin}${BILLING_OPEN_PATH}?token=${encodeURIComponent(token)}`;
      return { url, validFor: describeTtl(REQUESTED_LINK_TTL_SECONDS) };
    };
    await sendBillingLink(env, customer.email, makeLink, origin, logger);
  } catch (error) {
    logger.error("Billing link could not be prepared", { error });
  }
}

async function openPortal(c: Context<AppEnv>, customerId: string): Promise<Response> {
  try {
    const gateway = createPaymentGateway(c.env);
    const url = await gateway.createBillingPortalSession(customerId, `${siteOrigin(c.env, c.req.url)}${paths.home}`);
    return renderBillingPortalReady(c, url);
  } catch (error) {
    if (!(error instanceof PaymentProviderError || error instanceof PaymentsNotConfiguredError)) throw error;
    log(c).error("Billing portal could not be opened", { error });
    return renderBilling(c, { kind: "unavailable" }, 503);
  }
}

async function tooMany(c: Context, problem: string = billingCopy.tooMany): Promise<Response> {
  const res = await renderBilling(c, { kind: "form", problem }, 429);
  res.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  return res;
}
