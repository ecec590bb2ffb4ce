import { paymentRoutes } from "./checkout/payment-routes.ts";
import { contactRoutes } from "./contact/contact-routes.ts";
import { insightEventRoutes } from "./insight/event-routes.ts";
import { quotePageRoutes } from "./quotes/quote-page-routes.ts";
import { quoteRoutes } from "./quotes/quote-routes.ts";
import { type SiteApp, siteApp } from "./site-shell.ts";

/**
 * What visitors send (a card payment, a contact message, a quote, a funnel beacon) and a quote's own page and PDF,
 * loaded on first use (app.ts): the validation, D1 and mail code they need is not evaluated on a
 * cold start for a page.
 */
export function visitorRequestsArea(): SiteApp {
  return siteApp((app) => {
    app.route("/", paymentRoutes());
    app.route("/", contactRoutes());
    app.route("/", quoteRoutes());
    app.route("/", quotePageRoutes());
    app.route("/", insightEventRoutes());
  });
}
