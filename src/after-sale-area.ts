import { billingRoutes } from "./billing/billing-routes.ts";
import { mpesaPlanRoutes } from "./billing/mpesa-plan-routes.ts";
import { webhookRoutes } from "./checkout/stripe-webhook-routes.ts";
import { receiptRoutes } from "./receipts/receipt-routes.ts";
import { reversalRoutes } from "./refunds/reversal-routes.ts";
import { type SiteApp, siteApp } from "./site-shell.ts";

/**
 * What comes after a sale, loaded on first use (app.ts): Stripe's webhook, Daraja's reversal results,
 * a receipt's page and the billing portal's links. None of it is a page a visitor lands on first.
 */
export function afterSaleArea(): SiteApp {
  return siteApp((app) => {
    app.route("/", webhookRoutes());
    app.route("/", reversalRoutes());
    app.route("/", receiptRoutes());
    app.route("/", billingRoutes());
    app.route("/", mpesaPlanRoutes());
  });
}
