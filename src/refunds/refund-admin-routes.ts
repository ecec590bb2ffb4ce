import { type Context, Hono } from "hono";
import { FORM_BODY_LIMIT, formFields, limitBody, notice, seeOther } from "../admin/admin-answers.ts";
import { adminWho, requireOwner } from "../admin/admin-auth.ts";
import { ADMIN_PRIVATE_HEADERS } from "../admin/admin-identity.ts";
import type { AppEnv } from "../env.ts";
import { workContextOf } from "../http/work-context.ts";
import {
  ADMIN_REFUND_CREDIT_NOTE_PATH,
  ADMIN_REFUND_NEW_PATH,
  ADMIN_REFUND_PATH,
  ADMIN_REFUND_RETRY_PATH,
  ADMIN_REFUNDS_PATH,
  adminRefundPath,
  adminSectionPaths,
} from "../paths.ts";
import { renderPage } from "../render/page-response.tsx";
import { retryCardRefund } from "./card-refunds.ts";
import { creditNoteCopy } from "./credit-note-copy.ts";
import { creditNotePdf } from "./credit-note-document.ts";
import { makeRefund } from "./make-refund.ts";
import { confirmationFields, parseRefundForm, REFUND_REASON_MAX } from "./refund-form.ts";
import { refundOptions, refundProblem } from "./refund-options.ts";
import { orderHref, type RefundFormState, refundFormPage, refundReviewPage } from "./refund-page.tsx";
import { refundStatusPage } from "./refund-status-page.tsx";
import { refundForPage } from "./refund-views.ts";
import { refundsCopy } from "./refunds-copy.ts";

/** A reason of REFUND_REASON_MAX characters is at most 9 bytes each URL-encoded, and room for the other fields. */
const REFUND_BODY_LIMIT = REFUND_REASON_MAX * 9 + 4 * 1024;

/** What the owner typed, shown back in the form after a refusal (clipped to the fields' own limits). */
function valuesOf(fields: Record<string, string>): RefundFormState["values"] {
  const way = fields.way === "card" || fields.way === "mpesa" || fields.way === "bank" ? fields.way : undefined;
  const clip = (text: string | undefined, max: number) =>
    text === undefined ? undefined : Array.from(text).slice(0, max).join("");
  return {
    ...(way ? { way } : {}),
    ...(fields.amount !== undefined ? { amount: clip(fields.amount, 20) } : {}),
    ...(fields.reason !== undefined ? { reason: clip(fields.reason, REFUND_REASON_MAX) } : {}),
    ...(fields.reference !== undefined ? { reference: clip(fields.reference, 40) } : {}),
  };
}

/** No such payment (or refund): a short page back to Orders. */
const notFound = (c: Context<AppEnv>) =>
  notice(c, 404, {
    title: refundsCopy.refused.title,
    message: refundsCopy.refused.notFound,
    back: { href: adminSectionPaths.orders, label: refundsCopy.refused.back },
  });

/** The form again, with why the refund was not made and what the owner wrote. */
async function formAgain(
  c: Context<AppEnv>,
  paymentId: string,
  status: 400 | 409,
  error: string,
  fields: Record<string, string>,
) {
  const options = await refundOptions(c.env, paymentId);
  if (!options) return notFound(c);
  const page = refundFormPage(options, { error, values: valuesOf(fields) }, adminWho(c.var.owner));
  return renderPage(c, page, { status, headers: ADMIN_PRIVATE_HEADERS });
}

/** POST /admin/refunds: the second look (200), or with its confirmation the refund (303 to its page). */
async function postRefund(c: Context<AppEnv>): Promise<Response> {
  const fields = await formFields(c);
  const parsed = parseRefundForm(fields);
  if (!parsed.ok) return parsed.paymentId ? formAgain(c, parsed.paymentId, 400, parsed.message, fields) : notFound(c);
  const { ask } = parsed;
  const who = adminWho(c.var.owner);
  if (!ask.confirmed) {
    const options = await refundOptions(c.env, ask.paymentId);
    if (!options) return notFound(c);
    const problem = refundProblem(options, ask.way, ask.amountCents);
    if (problem) return formAgain(c, ask.paymentId, 409, problem, fields);
    const page = refundReviewPage(options, ask, confirmationFields(ask), who);
    return renderPage(c, page, { headers: ADMIN_PRIVATE_HEADERS });
  }
  const outcome = await makeRefund(workContextOf(c), ask, who);
  if (outcome.ok) return seeOther(c, adminRefundPath(outcome.refund.refund_id));
  if (outcome.status === 404) return notFound(c);
  return formAgain(c, ask.paymentId, outcome.status, outcome.message, fields);
}

/**
 * Refunds from the back office (docs/refunds.md), behind the owner's sign-in. The posts are
 * same-origin only (SAME_ORIGIN_ONLY_PATHS), bounded, and audited in the batch that takes the refund.
 *
 * GET /admin/refunds/new?payment=…: the form of one paid payment (404 for an unknown one).
 * POST /admin/refunds: a refusal shows the form again with why (400 input, 409 what the payment
 * allows); otherwise the second look (200), whose button posts the same refund with its key and the
 * payment and amount it confirms; only that pair is refunded (303 to the refund's page).
 * GET /admin/refunds/:id: one refund; …/credit-note its KRA credit note (PDF, 404 until KRA accepted
 * it). POST /admin/refunds/:id/retry: a card refund Stripe did not answer, sent again (409 for any
 * other refund).
 */
export function refundAdminRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  const owner = requireOwner();

  app.get(ADMIN_REFUND_NEW_PATH, owner, async (c) => {
    const options = await refundOptions(c.env, (c.req.query("payment") ?? "").slice(0, 255));
    if (!options) return notFound(c);
    const page = refundFormPage(options, { error: null, values: {} }, adminWho(c.var.owner));
    return renderPage(c, page, { headers: ADMIN_PRIVATE_HEADERS });
  });

  app.post(ADMIN_REFUNDS_PATH, owner, limitBody(REFUND_BODY_LIMIT), postRefund);

  app.get(ADMIN_REFUND_PATH, owner, async (c) => {
    const refund = await refundForPage(c.env.DB, (c.req.param("id") ?? "").slice(0, 64));
    if (!refund) return notFound(c);
    return renderPage(c, refundStatusPage(refund, adminWho(c.var.owner)), { headers: ADMIN_PRIVATE_HEADERS });
  });

  app.get(ADMIN_REFUND_CREDIT_NOTE_PATH, owner, async (c) => {
    const refund = await refundForPage(c.env.DB, (c.req.param("id") ?? "").slice(0, 64));
    const pdf = refund ? await creditNotePdf(workContextOf(c), refund) : null;
    if (!pdf) return notFound(c);
    return new Response(pdf.bytes, {
      headers: {
        ...ADMIN_PRIVATE_HEADERS,
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${creditNoteCopy.filename(pdf.number)}"`,
      },
    });
  });

  app.post(ADMIN_REFUND_RETRY_PATH, owner, limitBody(FORM_BODY_LIMIT), async (c) => {
    const refundId = (c.req.param("id") ?? "").slice(0, 64);
    const refund = await refundForPage(c.env.DB, refundId);
    if (!refund) return notFound(c);
    if (!(await retryCardRefund(workContextOf(c), refundId, adminWho(c.var.owner)))) {
      return notice(c, 409, {
        title: refundsCopy.refused.title,
        message: refundsCopy.refused.notPending,
        back: { href: orderHref(refund.order_id), label: refundsCopy.refused.back },
      });
    }
    return seeOther(c, adminRefundPath(refundId));
  });

  return app;
}
