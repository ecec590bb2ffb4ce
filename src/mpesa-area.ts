import { mpesaOrderRoutes } from "./mpesa/mpesa-order-routes.ts";
import { mpesaQuoteRoutes } from "./mpesa/mpesa-quote-routes.ts";
import { mpesaRoutes } from "./mpesa/mpesa-routes.ts";
import { paybillRoutes } from "./paybill/paybill-routes.ts";
import { type SiteApp, siteApp } from "./site-shell.ts";

/**
 * Everything under /mpesa (prompts, the waiting page, Daraja's callbacks) and Daraja's C2B calls
 * under /payments/c2b (paybill payments), loaded on first use (app.ts).
 */
export function mpesaArea(): SiteApp {
  return siteApp((app) => {
    app.route("/", mpesaRoutes());
    app.route("/", mpesaQuoteRoutes());
    app.route("/", mpesaOrderRoutes());
    app.route("/", paybillRoutes());
  });
}
