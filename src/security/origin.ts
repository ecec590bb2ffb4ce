import type { MiddlewareHandler } from "hono";
import { jsonError } from "../http/json-errors.ts";
import {
  ADMIN_BREACH_PATH,
  ADMIN_BREACHES_PATH,
  ADMIN_DATA_REQUEST_CLOSE_PATH,
  ADMIN_DATA_REQUESTS_PATH,
  ADMIN_INVOICE_RETRY_PATH,
  ADMIN_MESSAGE_ANSWERED_PATH,
  ADMIN_ODPC_SETTING_PATH,
  ADMIN_ORDER_KRA_PIN_PATH,
  ADMIN_ORDER_NOTES_PATH,
  ADMIN_OUTBOX_RESEND_PATH,
  ADMIN_PAYBILL_ASSIGN_PATH,
  ADMIN_PAYMENT_DETAILS_PATH,
  ADMIN_PAYMENTS_PATH,
  ADMIN_PEOPLE_ERASE_PATH,
  ADMIN_PEOPLE_EXPORT_PATH,
  ADMIN_REFUND_RETRY_PATH,
  ADMIN_REFUNDS_PATH,
  ADMIN_SETTINGS_PATH,
  BILLING_FROM_ORDER_PATH,
  BILLING_OPEN_PATH,
  BILLING_PATH,
  BILLING_PLAN_PATH,
  BILLING_PLAN_PAY_PATH,
  CONTACT_API_PATH,
  INSIGHT_EVENT_PATH,
  MPESA_ORDER_PATH,
  MPESA_PAY_PATH,
  MPESA_PAY_QUOTE_PATH,
  PAYMENT_PATH,
  QUOTE_PATH,
} from "../paths.ts";
import { refusalCopy } from "./refusal-copy.ts";

/**
 * Whether a request provably comes from the site's own pages. Browsers send `Sec-Fetch-Site` with
 * every request and `Origin` with every POST, and a page can forge neither. Where the browser sends
 * Sec-Fetch-Site it decides; an Origin naming another site still refuses, but `Origin: null` does
 * not (a same-origin POST under a no-referrer privacy setting carries it). Older browsers send only
 * Origin, which must then be the site's. A client that sends neither (curl, another server) proves
 * nothing and is refused.
 */
export function isSameOriginRequest(request: Request): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  const origin = request.headers.get("Origin");
  const siteOrigin = new URL(request.url).origin;
  if (fetchSite !== null)
    return fetchSite === "same-origin" && (origin === null || origin === "null" || origin === siteOrigin);
  return origin === siteOrigin;
}

/**
 * Refuses (403, JSON) a state-changing request that does not come from the site's own origin:
 * cross-site request forgery gets nowhere, whatever the content type (Hono's csrf middleware
 * only looks at form submissions). No CORS headers are ever sent, so no other origin can read
 * an answer either. The Stripe webhook must not use this: Stripe's servers send no Origin, and
 * the webhook's signature is its proof.
 */
export function sameOriginOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (!isSameOriginRequest(c.req.raw)) return jsonError(c, 403, refusalCopy.crossOrigin);
    await next();
  };
}

/**
 * The endpoints that change state on behalf of a visitor: only the site's own pages may call
 * them. Not the Stripe webhook (STRIPE_WEBHOOK_PATH): it is called by Stripe and proven by its signature.
 * The owner's back-office forms are here too (resend, answered, note): the browser re-sends its
 * Basic credentials (or Access cookie) with any post to /admin, so another site could otherwise make
 * a signed-in owner's browser act.
 */
export const SAME_ORIGIN_ONLY_PATHS = [
  PAYMENT_PATH,
  CONTACT_API_PATH,
  INSIGHT_EVENT_PATH,
  ADMIN_OUTBOX_RESEND_PATH,
  ADMIN_INVOICE_RETRY_PATH,
  ADMIN_MESSAGE_ANSWERED_PATH,
  ADMIN_ORDER_NOTES_PATH,
  ADMIN_ORDER_KRA_PIN_PATH,
  ADMIN_SETTINGS_PATH,
  ADMIN_PAYMENT_DETAILS_PATH,
  ADMIN_ODPC_SETTING_PATH,
  ADMIN_PAYMENTS_PATH,
  ADMIN_PAYBILL_ASSIGN_PATH,
  ADMIN_REFUNDS_PATH,
  ADMIN_REFUND_RETRY_PATH,
  ADMIN_PEOPLE_EXPORT_PATH,
  ADMIN_PEOPLE_ERASE_PATH,
  ADMIN_DATA_REQUESTS_PATH,
  ADMIN_DATA_REQUEST_CLOSE_PATH,
  ADMIN_BREACHES_PATH,
  ADMIN_BREACH_PATH,
  BILLING_PATH,
  BILLING_OPEN_PATH,
  BILLING_FROM_ORDER_PATH,
  BILLING_PLAN_PATH,
  BILLING_PLAN_PAY_PATH,
  QUOTE_PATH,
  MPESA_PAY_PATH,
  MPESA_PAY_QUOTE_PATH,
  `${MPESA_ORDER_PATH}/retry`,
];
