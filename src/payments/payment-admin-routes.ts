import { Hono } from "hono";
import { FORM_BODY_LIMIT, formFields, limitBody, notice, seeOther } from "../admin/admin-answers.ts";
import { adminWho, requireOwner } from "../admin/admin-auth.ts";
import { ADMIN_TIME_ZONE } from "../admin/admin-copy.ts";
import { ADMIN_PRIVATE_HEADERS } from "../admin/admin-identity.ts";
import type { AppEnv } from "../env.ts";
import { workContextOf } from "../http/work-context.ts";
import { formatShortDate } from "../lib/dates.ts";
import { formatMoney } from "../lib/money.ts";
import {
  ADMIN_ODPC_SETTING_PATH,
  ADMIN_PAYMENT_DETAILS_PATH,
  ADMIN_PAYMENTS_PATH,
  ADMIN_SETTINGS_PATH,
  adminOrderAnchor,
  adminQuoteAnchor,
  adminSectionPaths,
} from "../paths.ts";
import { renderPage } from "../render/page-response.tsx";
import { MANUAL_NOTE_MAX, type ManualTarget, nairobiToday, parseManualPayment } from "./manual-payment-form.ts";
import { type ManualResult, recordManualPayment } from "./manual-payments.ts";
import type { OdpcOutcome } from "./odpc-form.tsx";
import { parseOdpcRegistration, saveOdpcRegistration, typedOdpcRegistration } from "./odpc-registration.ts";
import { parsePaymentDetails, savePaymentDetails, typedPaymentDetails } from "./payment-details.ts";
import type { PaymentDetailsOutcome } from "./payment-details-form.tsx";
import { adminPaymentsCopy } from "./payments-admin-copy.ts";
import { saveKesRate, settingsView } from "./rate-settings.ts";
import { adminSettingsPage, type SettingsOutcome } from "./settings-page.tsx";

/** The rate form posts one short field: 8 KB is plenty. */
const RATE_BODY_LIMIT = 8 * 1024;

/**
 * The payment form: a note of MANUAL_NOTE_MAX UTF-16 units is at most 9 bytes each URL-encoded (as
 * the order note's limit reckons in admin/admin-routes.ts), and room for the other fields.
 */
const PAYMENT_BODY_LIMIT = MANUAL_NOTE_MAX * 9 + 4 * 1024;

/** The longest typed rate shown back in the field after a refusal. */
const TYPED_RATE_SHOWN = 20;

/** Where the owner goes back to from a refused payment: the quote's or the order's row. */
function backTo(target: ManualTarget | null): { href: string; label: string } {
  const copy = adminPaymentsCopy.refused;
  if (target?.kind === "quote") return { href: adminQuoteAnchor(target.number), label: copy.backToQuote };
  if (target?.kind === "order") {
    return {
      href: adminOrderAnchor(target.orderId, `q=${encodeURIComponent(target.orderId)}`),
      label: copy.backToOrder,
    };
  }
  return { href: adminSectionPaths.orders, label: copy.backToOrder };
}

/** What the owner reads when the payment was not recorded. */
function refusalMessage(result: Exclude<ManualResult, { ok: true } | { reason: "not_found" }>): string {
  const copy = adminPaymentsCopy.refused;
  switch (result.reason) {
    case "duplicate": {
      const p = result.existing;
      const when = formatShortDate(p.paid_on ?? p.created_at, ADMIN_TIME_ZONE);
      return copy.duplicate(p.reference ?? "", formatMoney(p.amount_cents, p.currency), when);
    }
    case "quote_accepted":
      return copy.quoteAccepted(result.number);
    case "concurrent":
      return copy.concurrent(result.number);
    case "no_rate":
      return copy.why(adminPaymentsCopy.invalid.noRate);
  }
}

/**
 * The back office's Settings and the owner's recorded payments (issue 24), behind the same sign-in
 * as the sections (requireOwner). Both posts are same-origin only (SAME_ORIGIN_ONLY_PATHS), bounded,
 * audited in the batch that makes the change, and answer 303 (post/redirect/get) when done.
 *
 * GET /admin/settings: the KES rate, its date and who set it, its form and history.
 * POST /admin/settings (rate=…): a new rate; a rate that does not parse is shown back with why (400).
 * One more than 20% away from the current rate is not saved: the page asks to confirm it (200), and
 * its button posts the same rate with confirm=… and from=… (payments/rate-settings.ts).
 * POST /admin/settings/payment-details: the bank account, paybill or till and WhatsApp number, saved
 * whole with one audit row (payments/payment-details.ts); every problem is listed back (400).
 * POST /admin/settings/odpc (registration=…): the ODPC registration number the privacy policy
 * names; empty clears it (payments/odpc-registration.ts). Refused input is listed back (400).
 * POST /admin/payments: a bank transfer or paybill payment against a quote (quote=…) or an order
 * (order=…); see payments/manual.ts. A duplicate reference or an accepted quote is 409, a form
 * that does not check out 400, an unknown quote or order 404, each with nothing written.
 */
export function adminPaymentRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  const owner = requireOwner();

  app.get(ADMIN_SETTINGS_PATH, owner, async (c) => {
    const view = await settingsView(c.env);
    // The redirect after saving says so; the rate shown is the one in force now.
    const saved = c.req.query("saved") === "1" && view.rate?.setAt ? view.rate.rateX100 : null;
    const outcome: SettingsOutcome = saved === null ? null : { saved };
    const details: PaymentDetailsOutcome = c.req.query("details") === "saved" ? { saved: true } : null;
    const odpc = c.req.query("odpc");
    const odpcOutcome: OdpcOutcome = odpc === "saved" ? { saved: true } : odpc === "cleared" ? { cleared: true } : null;
    const page = adminSettingsPage(view, adminWho(c.var.owner), outcome, details, odpcOutcome);
    return renderPage(c, page, { headers: ADMIN_PRIVATE_HEADERS });
  });

  app.post(ADMIN_SETTINGS_PATH, owner, limitBody(RATE_BODY_LIMIT), async (c) => {
    const form = await formFields(c);
    const who = adminWho(c.var.owner);
    const result = await saveKesRate(c.env, form, who);
    if (result.kind === "saved") return seeOther(c, `${ADMIN_SETTINGS_PATH}?saved=1`);
    // Asking to confirm is not a refusal: nothing is wrong with the rate, it only needs a second look.
    const [outcome, status]: [SettingsOutcome, 200 | 400] =
      result.kind === "confirm"
        ? [{ confirm: result.confirmation }, 200]
        : [
            {
              refused: Array.from(form.rate ?? "")
                .slice(0, TYPED_RATE_SHOWN)
                .join(""),
            },
            400,
          ];
    const page = adminSettingsPage(await settingsView(c.env), who, outcome);
    return renderPage(c, page, { status, headers: ADMIN_PRIVATE_HEADERS });
  });

  app.post(ADMIN_PAYMENT_DETAILS_PATH, owner, limitBody(FORM_BODY_LIMIT), async (c) => {
    const form = await formFields(c);
    const who = adminWho(c.var.owner);
    const parsed = parsePaymentDetails(form);
    if (parsed.ok) {
      await savePaymentDetails(c.env, parsed.values, who);
      return seeOther(c, `${ADMIN_SETTINGS_PATH}?details=saved#payment-details`);
    }
    const outcome: PaymentDetailsOutcome = { refused: parsed.problems, typed: typedPaymentDetails(form) };
    const page = adminSettingsPage(await settingsView(c.env), who, null, outcome);
    return renderPage(c, page, { status: 400, headers: ADMIN_PRIVATE_HEADERS });
  });

  app.post(ADMIN_ODPC_SETTING_PATH, owner, limitBody(FORM_BODY_LIMIT), async (c) => {
    const form = await formFields(c);
    const who = adminWho(c.var.owner);
    const parsed = parseOdpcRegistration(form.registration);
    if (parsed.ok) {
      await saveOdpcRegistration(c.env, parsed.value, who);
      const done = parsed.value === null ? "cleared" : "saved";
      return seeOther(c, `${ADMIN_SETTINGS_PATH}?odpc=${done}#odpc-registration`);
    }
    const outcome: OdpcOutcome = { refused: parsed.problems, typed: typedOdpcRegistration(form.registration) };
    const page = adminSettingsPage(await settingsView(c.env), who, null, null, outcome);
    return renderPage(c, page, { status: 400, headers: ADMIN_PRIVATE_HEADERS });
  });

  app.post(ADMIN_PAYMENTS_PATH, owner, limitBody(PAYMENT_BODY_LIMIT), async (c) => {
    const parsed = parseManualPayment(await formFields(c), nairobiToday());
    const title = adminPaymentsCopy.refused.title;
    if (!parsed.ok) {
      return notice(c, 400, {
        title,
        message: adminPaymentsCopy.refused.why(parsed.message),
        back: backTo(parsed.target),
      });
    }
    const { payment } = parsed;
    const result = await recordManualPayment(workContextOf(c), payment, adminWho(c.var.owner));
    if (result.ok) {
      const query = `q=${encodeURIComponent(result.orderId)}&recorded=1`;
      return seeOther(c, adminOrderAnchor(result.orderId, query));
    }
    if (result.reason === "not_found") return c.notFound();
    const status = result.reason === "no_rate" ? 400 : 409;
    return notice(c, status, { title, message: refusalMessage(result), back: backTo(payment.target) });
  });

  return app;
}
