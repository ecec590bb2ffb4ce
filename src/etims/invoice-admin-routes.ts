import { type Context, Hono } from "hono";
import { FORM_BODY_LIMIT, limitBody, listQueryOf, notice, seeOther } from "../admin/admin-answers.ts";
import { adminWho, requireOwner } from "../admin/admin-auth.ts";
import type { AppEnv } from "../env.ts";
import { workContextOf } from "../http/work-context.ts";
import { ADMIN_INVOICE_RETRY_PATH, adminInvoiceAnchor, adminSectionPaths } from "../paths.ts";
import { invoicesAdminCopy } from "./invoices-admin-copy.ts";
import { retryInvoice } from "./invoices-section.ts";

/** "Send again now": 303 back to the invoice's row with a notice, or a page saying why nothing was sent. */
async function retry(c: Context<AppEnv>): Promise<Response> {
  const number = c.req.param("number") ?? "";
  const listQuery = listQueryOf(c, "invoices");
  const result = await retryInvoice(workContextOf(c), number, adminWho(c.var.owner));
  if (result.ok) return seeOther(c, adminInvoiceAnchor(number, [listQuery, "retried=1"].filter(Boolean).join("&")));
  const copy = invoicesAdminCopy.refused;
  const content = {
    title: copy.title,
    message: result.reason === "accepted" ? copy.accepted : copy.unknown,
    back: {
      href:
        result.reason === "accepted"
          ? adminInvoiceAnchor(number, listQuery)
          : `${adminSectionPaths.invoices}${listQuery ? `?${listQuery}` : ""}`,
      label: copy.back,
    },
  };
  return notice(c, result.reason === "accepted" ? 409 : 404, content);
}

/**
 * The owner's Tax invoices actions (the list itself is a section of admin/admin-routes.ts), behind
 * the back office's sign-in. POST /admin/invoices/:number/retry: a sale still waiting for KRA is
 * sent again now, audited; one KRA accepted is refused (409) and an unknown number is 404, each
 * with nothing changed. Cross-site posts are refused before it (SAME_ORIGIN_ONLY_PATHS).
 */
export function invoiceAdminRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  app.post(ADMIN_INVOICE_RETRY_PATH, requireOwner(), limitBody(FORM_BODY_LIMIT), retry);
  return app;
}
