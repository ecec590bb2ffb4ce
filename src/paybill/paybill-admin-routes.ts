import { Hono } from "hono";
import { FORM_BODY_LIMIT, formFields, limitBody, notice, seeOther } from "../admin/admin-answers.ts";
import { adminWho, requireOwner } from "../admin/admin-auth.ts";
import { ADMIN_PRIVATE_HEADERS } from "../admin/admin-identity.ts";
import type { AppEnv } from "../env.ts";
import { workContextOf } from "../http/work-context.ts";
import { ADMIN_PAYBILL_ASSIGN_PATH, ADMIN_PAYBILL_PATH } from "../paths.ts";
import { renderPage } from "../render/page-response.tsx";
import { type AssignResult, assignC2bPayment } from "./paybill-assign.ts";
import { paybillCopy } from "./paybill-copy.ts";
import { paybillView } from "./paybill-listing.ts";
import { paybillPage } from "./paybill-page.tsx";

const copy = paybillCopy.refused;

/** Why the payment was not assigned, with its status: nothing was written in any of these. */
function refusal(result: Exclude<AssignResult, { ok: true }>): [400 | 404 | 409, string] {
  switch (result.reason) {
    case "not_found":
      return [404, copy.notFound];
    case "invalid":
      return [400, copy.noTarget];
    case "taken":
      return [409, copy.taken(result.transId)];
    case "recorded":
      return [409, copy.recorded(result.transId)];
    case "concurrent":
      return [409, copy.concurrent];
    case "target":
      return [400, copy.target(Array.from(result.typed).slice(0, 60).join(""), result.why)];
  }
}

/**
 * The back office's Paybill page (docs/paybill.md), behind the owner's sign-in.
 *
 * GET /admin/paybill: the C2B payments waiting for the owner, each with its Assign form, then the
 * matched and assigned ones a page at a time (?after=<received_at>~<TransID>, ?before=…, ?oldest=1).
 * POST /admin/paybill/assign (trans_id=…, target=…): a kept payment recorded against the quote or
 * order the owner names, audited, same-origin only (SAME_ORIGIN_ONLY_PATHS); 303 back to its row.
 * A refusal answers a short page saying why (400, 404, 409), with nothing written.
 */
export function paybillAdminRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  const owner = requireOwner();

  app.get(ADMIN_PAYBILL_PATH, owner, async (c) => {
    const view = await paybillView(c.env.DB, new URL(c.req.url).searchParams);
    return renderPage(c, paybillPage(view, adminWho(c.var.owner)), { headers: ADMIN_PRIVATE_HEADERS });
  });

  app.post(ADMIN_PAYBILL_ASSIGN_PATH, owner, limitBody(FORM_BODY_LIMIT), async (c) => {
    const result = await assignC2bPayment(workContextOf(c), await formFields(c), adminWho(c.var.owner));
    if (result.ok) {
      const id = encodeURIComponent(result.transId);
      return seeOther(c, `${ADMIN_PAYBILL_PATH}?assigned=${id}#c2b-${id}`);
    }
    const [status, message] = refusal(result);
    return notice(c, status, { title: copy.title, message, back: { href: ADMIN_PAYBILL_PATH, label: copy.back } });
  });

  return app;
}
