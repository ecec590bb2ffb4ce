import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../env.ts";
import { requestLog } from "../http/log.ts";
import { siteOrigin } from "../http/site-origin.ts";
import { workContextOf } from "../http/work-context.ts";
import { lazyOnce } from "../lib/lazy-once.ts";
import { z } from "../lib/zod.ts";
import { BILLING_FROM_ORDER_PATH, BILLING_OPEN_PATH, BILLING_PATH, paths } from "../paths.ts";
import { createPaymentGateway, PaymentProviderError, PaymentsNotConfiguredError } from "../providers/stripe.ts";
import { renderPage } from "../render/page-response.tsx";
import { ceilingReached } from "../security/ceilings.ts";
import { isOverLimit, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";
import { mailLinkIfKnown, portalConfiguration, portalCustomerOfRecentOrder } from "./billing-access.ts";
import { billingCopy } from "./billing-copy.ts";
import { billingLinkHolder, redeemBillingLink } from "./billing-links.ts";
import {
  type BillingView,
  billingLinkProblemPage,
  billingOpenPage,
  billingPage,
  billingPortalReadyPage,
} from "./billing-page.tsx";
import { answerPlanPage } from "./mpesa-plan-answers.ts";
import { isPlanSubscriptionId } from "./mpesa-plan-reference.ts";

/** An e-mail address, a token or a session id: a few hundred bytes at most. */
const MAX_FORM_BYTES = 4 * 1024;

/** Built by the first request for a link, not at start-up. */
const emailField = lazyOnce(() => z.string().trim().min(1).max(254).pipe(z.email()));

/**
 * /billing: a buyer manages their subscription in Stripe's billing portal, or a monthly plan paid by
 * M-Pesa on its own page (mpesa-plan-routes.ts). Anyone can type any
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
    const email = emailField().safeParse((await readForm(c)).email);
    if (!email.success) return renderBilling(c, { kind: "form", problem: billingCopy.invalidEmail }, 400);
    const context = workContextOf(c);
    if (await ceilingReached(context, "billing")) return tooMany(c, billingCopy.busy);
    // The answer is made before the address is even looked up, and the lookup and the e-mail run
    // after it: a known address and an unknown one cost the request the same work, so its timing
    // cannot tell who is a customer.
    const answer = await renderBilling(c, { kind: "sent" });
    // A timer, not a bare call: not even the lookup's query is started before the answer is sent.
    const afterAnswer = new Promise((resolve) => setTimeout(resolve, 0));
    c.executionCtx.waitUntil(afterAnswer.then(() => mailLinkIfKnown(context, email.data)));
    return answer;
  });

  app.get(BILLING_OPEN_PATH, async (c) => {
    const token = c.req.query("token") ?? "";
    if (!token) return renderPage(c, billingLinkProblemPage("unknown"), { status: 404 });
    if (await isOverLimit(c, (env) => env.STATUS_LIMITER)) return tooMany(c);
    // Not used here: the landing only says what the link opens (Stripe's portal, or an M-Pesa plan's page).
    const holder = await billingLinkHolder(c.env.DB, token);
    return renderPage(c, billingOpenPage(token, holder !== null && isPlanSubscriptionId(holder) ? "plan" : "portal"));
  });

  app.post(BILLING_OPEN_PATH, small, async (c) => {
    if (await isOverLimit(c, (env) => env.BILLING_LIMITER)) return tooMany(c);
    const token = (await readForm(c)).token;
    const link = await redeemBillingLink(c.env.DB, typeof token === "string" ? token : "");
    if (!link.ok) {
      return renderPage(c, billingLinkProblemPage(link.reason), { status: link.reason === "unknown" ? 404 : 410 });
    }
    // A monthly plan paid by M-Pesa is ours to bill: its page is ours too (mpesa-plan-routes.ts).
    if (isPlanSubscriptionId(link.customerId)) return answerPlanPage(c, link.customerId);
    return openPortal(c, link.customerId);
  });

  app.post(BILLING_FROM_ORDER_PATH, small, async (c) => {
    if (await isOverLimit(c, (env) => env.BILLING_LIMITER)) return tooMany(c);
    const orderId = (await readForm(c)).session_id;
    const customerId = await portalCustomerOfRecentOrder(c.env.DB, typeof orderId === "string" ? orderId : "");
    if (!customerId) return renderBilling(c, { kind: "form", problem: billingCopy.fromOrder.expired }, 403);
    return openPortal(c, customerId);
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

async function openPortal(c: Context<AppEnv>, customerId: string): Promise<Response> {
  try {
    const gateway = createPaymentGateway(c.env);
    const configuration = await portalConfiguration(gateway, requestLog(c));
    const returnUrl = `${siteOrigin(c.env, c.req.url)}${paths.home}`;
    const url = await gateway.createBillingPortalSession(customerId, returnUrl, configuration);
    return renderPage(c, billingPortalReadyPage(url));
  } catch (error) {
    if (!(error instanceof PaymentProviderError || error instanceof PaymentsNotConfiguredError)) throw error;
    requestLog(c).error("Billing portal could not be opened", { error });
    return renderBilling(c, { kind: "unavailable" }, 503);
  }
}

function tooMany(c: Context, problem: string = billingCopy.tooMany): Promise<Response> {
  return renderBilling(c, { kind: "form", problem }, 429, { "Retry-After": String(RETRY_AFTER_SECONDS) });
}

function renderBilling(
  c: Context,
  view: BillingView,
  status: ContentfulStatusCode = 200,
  headers?: Record<string, string>,
): Promise<Response> {
  return renderPage(c, billingPage(view), { status, headers });
}
