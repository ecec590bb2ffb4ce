import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env.ts";
import { channelOf } from "../http/media-type.ts";
import { readSubmission } from "../http/submission.ts";
import { workContextOf } from "../http/work-context.ts";
import { normaliseSafaricomNumber } from "../lib/safaricom.ts";
import { MPESA_ORDER_PATH } from "../paths.ts";
import { paymentDetails } from "../payments/payment-details.ts";
import { renderPage } from "../render/page-response.tsx";
import { isOverLimit, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";
import { notFoundPage } from "../site/not-found-page.tsx";
import { promptWhenAdmitted } from "./mpesa-answers.ts";
import { mpesaCopy as copy } from "./mpesa-copy.ts";
import { mpesaNotStartedPage, mpesaOrderPage } from "./mpesa-order-page.tsx";
import { type MpesaOrderState, type MpesaOrderView, mpesaOrderState } from "./mpesa-order-state.ts";
import type { MpesaStatus } from "./mpesa-payment-schema.ts";
import { refreshMpesaRequest } from "./mpesa-settle.ts";
import { checkMpesaRetry } from "./mpesa-start.ts";

/** The address is the key (a random UUID), so none of these answers is cached, indexed or referred on. */
const PRIVATE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
} as const;

/**
 * An M-Pesa order's waiting page (GET /mpesa/order/<ref>), the JSON its island polls (…/status),
 * and "Send the prompt again" (POST …/retry, a plain form: the page works without scripts).
 */
export function mpesaOrderRoutes() {
  const app = new Hono<AppEnv>({ strict: false });

  app.get(MPESA_ORDER_PATH, async (c) => {
    if (await isOverLimit(c, (env) => env.STATUS_LIMITER)) return tooMany(c);
    const state = await freshState(c);
    if (!state) return notFound(c);
    const { whatsapp } = await paymentDetails(c.env);
    return renderPage(c, mpesaOrderPage(state.view, whatsapp), { headers: PRIVATE_HEADERS });
  });

  app.get(`${MPESA_ORDER_PATH}/status`, async (c) => {
    if (await isOverLimit(c, (env) => env.STATUS_LIMITER)) {
      return c.json({ error: copy.rateLimited }, 429, {
        ...PRIVATE_HEADERS,
        "Retry-After": String(RETRY_AFTER_SECONDS),
      });
    }
    const state = await freshState(c);
    if (!state) return c.json({ error: "Not found" }, 404, PRIVATE_HEADERS);
    const { view } = state;
    const message =
      view.state === "paid"
        ? copy.waiting.paid(view.kes, view.mpesaReceipt)
        : view.state === "failed"
          ? (view.failure ?? "")
          : copy.waiting.pending(view.kes, view.phone);
    const body: MpesaStatus = { state: view.state, message };
    return c.json(body, 200, PRIVATE_HEADERS);
  });

  app.post(`${MPESA_ORDER_PATH}/retry`, bodyLimit({ maxSize: 4 * 1024, onError: (c) => notFound(c) }), async (c) => {
    if (await isOverLimit(c, (env) => env.PAYMENT_LIMITER)) return tooMany(c);
    const context = workContextOf(c);
    const state = await mpesaOrderState(context, c.req.param("ref"));
    if (!state) return notFound(c);
    const back = { href: state.view.selfHref, label: copy.waiting.title };
    // Only a failed order is prompted again: a pending one is still waiting, a paid one is done.
    if (state.view.state !== "failed") return c.redirect(back.href, 303);
    const fields = await retryFields(c);
    const phone = fields.phone ? normaliseSafaricomNumber(fields.phone) : null;
    if (!phone) return notStarted(c, copy.phoneInvalid, back, 400);
    const shown = Number(fields.kes);
    // A form without the amount (a page from before the rate could change) is shown again with it.
    if (!Number.isSafeInteger(shown) || shown <= 0) return askAgain(c, state.view, state.view.retryKes, 400);
    const checked = await checkMpesaRetry(context, state.order, shown);
    const answer = await promptWhenAdmitted(c, checked, phone);
    if (answer.kind === "started") return c.redirect(answer.path, 303);
    const refusal = answer.refusal;
    if (refusal?.kind === "rate-changed") return askAgain(c, state.view, refusal.kes, 409);
    if (refusal?.kind === "in-flight") return c.redirect(back.href, 303);
    return notStarted(c, answer.error, back, answer.status);
  });

  return app;
}

/** The retry form's fields: the phone to prompt and the shillings the page showed. */
async function retryFields(c: Context<AppEnv>): Promise<{ phone?: string | undefined; kes?: string | undefined }> {
  const channel = channelOf(c);
  const submission = channel ? await readSubmission(c, channel) : null;
  return submission?.channel === "form" ? { phone: submission.fields.phone, kes: submission.fields.kes } : {};
}

/** The failed order's page again, asking for the amount a retry charges now (never the old one). */
async function askAgain(c: Context<AppEnv>, view: MpesaOrderView, kes: number | null, status: 400 | 409) {
  const notice = kes === null ? copy.unavailable : copy.waiting.repriced(kes);
  const { whatsapp } = await paymentDetails(c.env);
  const page = mpesaOrderPage({ ...view, retryKes: kes, notice }, whatsapp);
  return renderPage(c, page, { status, headers: PRIVATE_HEADERS });
}

/** The order's state after asking Daraja, if its prompt has waited long enough to be worth asking. */
async function freshState(c: Context<AppEnv>): Promise<MpesaOrderState | null> {
  const context = workContextOf(c);
  const state = await mpesaOrderState(context, c.req.param("ref"));
  if (state?.view.state !== "pending" || !state.request) return state;
  await refreshMpesaRequest(context, state.request);
  return mpesaOrderState(context, c.req.param("ref"));
}

function notFound(c: Context<AppEnv>) {
  return renderPage(c, { ...notFoundPage, path: c.req.path }, { status: 404, headers: PRIVATE_HEADERS });
}

function tooMany(c: Context<AppEnv>) {
  const back = { href: c.req.path, label: copy.waiting.refresh };
  return notStarted(c, copy.rateLimited, back, 429, { "Retry-After": String(RETRY_AFTER_SECONDS) });
}

function notStarted(
  c: Context<AppEnv>,
  message: string,
  back: { href: string; label: string },
  status: 400 | 422 | 429 | 502 | 503 | number,
  headers: Record<string, string> = {},
) {
  return renderPage(c, mpesaNotStartedPage(message, back), {
    status: status as 400,
    headers: { ...PRIVATE_HEADERS, ...headers },
  });
}
