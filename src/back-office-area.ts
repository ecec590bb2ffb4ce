import { adminRoutes } from "./admin/admin-routes.ts";
import { breachRoutes } from "./breaches/breach-routes.ts";
import { invoiceAdminRoutes } from "./etims/invoice-admin-routes.ts";
import { insightAdminRoutes } from "./insight/insight-routes.ts";
import { paybillAdminRoutes } from "./paybill/paybill-admin-routes.ts";
import { adminPaymentRoutes } from "./payments/payment-admin-routes.ts";
import { adminPeopleRoutes } from "./privacy/people-routes.ts";
import { receiptRoutes } from "./receipts/receipt-routes.ts";
import { refundAdminRoutes } from "./refunds/refund-admin-routes.ts";
import { type SiteApp, siteApp } from "./site-shell.ts";

/** Everything under /admin, loaded on the back office's first request (app.ts). */
export function backOfficeArea(): SiteApp {
  return siteApp((app) => {
    app.route("/", adminRoutes());
    app.route("/", adminPaymentRoutes());
    app.route("/", paybillAdminRoutes());
    app.route("/", adminPeopleRoutes());
    app.route("/", invoiceAdminRoutes());
    app.route("/", receiptRoutes());
    app.route("/", refundAdminRoutes());
    app.route("/", breachRoutes());
    app.route("/", insightAdminRoutes());
  });
}
