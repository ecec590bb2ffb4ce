import type { Hono } from "hono";
import { successRoutes } from "./checkout/success-routes.ts";
import type { AppEnv } from "./env.ts";
import {
  ADMIN_PATH,
  BILLING_PATH,
  CONTACT_API_PATH,
  CONTACT_SENT_PATH,
  INSIGHT_EVENT_PATH,
  MPESA_PREFIX,
  PAYBILL_C2B_PREFIX,
  PAYMENT_PATH,
  QUOTE_PATH,
  RECEIPT_PATH,
  REVERSAL_PREFIX,
  STRIPE_WEBHOOK_PATH,
} from "./paths.ts";
import { pageRoutes } from "./site/page-routes.ts";
import { seoRoutes } from "./site/seo-routes.ts";
import { areaLoadedOnFirstUse, siteApp } from "./site-shell.ts";

/**
 * Builds the site: every page route, the 404 page and the 500 page. What visitors send, the back
 * office, M-Pesa and what comes after a sale are areas of their own: a request for one of their
 * paths is handed whole to the area's app (site-shell.ts) before this app's middleware runs, and
 * the area's code loads when one of its paths is first asked for.
 */
export function createApp(): Hono<AppEnv> {
  const backOffice = areaLoadedOnFirstUse(async () => (await import("./back-office-area.ts")).backOfficeArea());
  const mpesa = areaLoadedOnFirstUse(async () => (await import("./mpesa-area.ts")).mpesaArea());
  const afterSale = areaLoadedOnFirstUse(async () => (await import("./after-sale-area.ts")).afterSaleArea());
  const visitorRequests = areaLoadedOnFirstUse(async () =>
    (await import("./visitor-requests-area.ts")).visitorRequestsArea(),
  );
  return siteApp(
    (app) => {
      // Before the pages: a success link with a session id gets the order's real status.
      app.route("/", successRoutes());
      app.route("/", seoRoutes());
      app.route("/", pageRoutes());
    },
    (app) => {
      for (const path of [
        PAYMENT_PATH,
        CONTACT_API_PATH,
        CONTACT_SENT_PATH,
        QUOTE_PATH,
        `${QUOTE_PATH}/*`,
        INSIGHT_EVENT_PATH,
      ]) {
        app.all(path, visitorRequests);
      }
      app.all(ADMIN_PATH, backOffice);
      app.all(`${ADMIN_PATH}/*`, backOffice);
      app.all(`${MPESA_PREFIX}/*`, mpesa);
      app.all(`${PAYBILL_C2B_PREFIX}/*`, mpesa);
      app.all(STRIPE_WEBHOOK_PATH, afterSale);
      app.all(`${REVERSAL_PREFIX}/*`, afterSale);
      app.all(RECEIPT_PATH, afterSale);
      app.all(BILLING_PATH, afterSale);
      app.all(`${BILLING_PATH}/*`, afterSale);
    },
  );
}
