import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { billingCopy } from "../content/billing.ts";
import type { AppEnv } from "../env.ts";
import { type Logger, log } from "../http/log.ts";
import { siteOrigin } from "../http/site-origin.ts";
import { sendBillingLink } from "../mail/notify.ts";
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

  app.post(BILLING_PATH, small, async (c) => {
    if (await isOverLimit(c, (env) => env.BILLING_LIMITER)) return tooMany(c);
    const email = emailField.safeParse((await readForm(c)).email);
    if (!email.success) return renderBilling(c, { kind: "form", problem: billingCopy.invalidEmail }, 400);
    const logger = log(c);
    try {
      await mailLinkIfKnown(c, email.data, logger);
    } catch (error) {
      // Logged, and answered like any other address: the answer must not tell known from unknown.
      logger.error("Billing link could not be prepared", { error });
    }
    return renderBilling(c, { kind: "sent" });
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

async function mailLinkIfKnown(c: Context<AppEnv>, email: string, logger: Logger): Promise<void> {
  const customer = await customerForEmail(c.env.DB, email);
  if (!customer) {
    logger.info("Billing link asked for an address with no subscription");
    return;
  }
  const token = await createBillingLink(c.env.DB, customer.customerId, customer.email, REQUESTED_LINK_TTL_SECONDS);
  const url = `${siteOrigin(c.env, c.req.url)}${BILLING_OPEN_PATH}?token=${encodeURIComponent(token)}`;
  await sendBillingLink(c.env, customer.email, { url, validFor: describeTtl(REQUESTED_LINK_TTL_SECONDS) }, logger);
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

async function tooMany(c: Context): Promise<Response> {
  const res = await renderBilling(c, { kind: "form", problem: billingCopy.tooMany }, 429);
  res.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  return res;
}
