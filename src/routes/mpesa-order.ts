import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { mpesaCopy as copy } from "../content/mpesa.ts";
import type { AppEnv } from "../env.ts";
import { channelOf } from "../http/media-type.ts";
import { fulfilmentOf, promptRefused } from "../http/mpesa-answers.ts";
import { siteOrigin } from "../http/site-origin.ts";
import { readSubmission } from "../http/submission.ts";
import { normaliseSafaricomNumber } from "../lib/safaricom.ts";
import { mpesaNotStartedPage, mpesaOrderPage } from "../pages/mpesa-order.tsx";
import { notFoundPage } from "../pages/not-found.tsx";
import { MPESA_ORDER_PATH, mpesaOrderPath } from "../paths.ts";
import { type MpesaOrderState, mpesaOrderState } from "../payments/mpesa-order.ts";
import { refreshMpesaRequest } from "../payments/mpesa-settle.ts";
import { sendPrompt } from "../payments/mpesa-start.ts";
import { renderPage } from "../render/page-response.tsx";
import type { MpesaStatus } from "../schemas/mpesa-payment.ts";
import { isOverLimit, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";
import { createMpesaGateway, MpesaNotConfiguredError } from "../services/mpesa.ts";

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
    return renderPage(c, mpesaOrderPage(state.view), { headers: PRIVATE_HEADERS });
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
    const state = await mpesaOrderState(c.env, c.req.param("ref"), siteOrigin(c.env, c.req.url));
    if (!state) return notFound(c);
    const back = { href: mpesaOrderPath(state.order.order_ref ?? ""), label: copy.waiting.title };
    // Only a failed order is prompted again: a pending one is still waiting, a paid one is done.
    if (state.view.state !== "failed") return c.redirect(back.href, 303);
    const channel = channelOf(c);
    const submission = channel ? await readSubmission(c, channel) : null;
    const typed = submission?.channel === "form" ? submission.fields.phone : undefined;
    const phone = typed ? normaliseSafaricomNumber(typed) : null;
    if (!phone) return notStarted(c, copy.phoneInvalid, back, 400);
    const refused = await promptRefused(c, phone);
    if (refused) return notStarted(c, refused.error, back, refused.status);
    let prompted: Awaited<ReturnType<typeof sendPrompt>>;
    try {
      const context = fulfilmentOf(c);
      prompted = await sendPrompt(c.env, createMpesaGateway(c.env), state.order, phone, {
        origin: context.origin,
        logger: context.log,
      });
    } catch (err) {
      if (!(err instanceof MpesaNotConfiguredError)) throw err;
      return notStarted(c, copy.unavailable, back, 503);
    }
    if (prompted.kind !== "sent") {
      const message = {
        refused: copy.refused,
        "provider-failed": copy.providerFailed,
        "not-recorded": copy.notRecorded,
      };
      return notStarted(c, message[prompted.kind], back, prompted.kind === "refused" ? 422 : 502);
    }
    return c.redirect(back.href, 303);
  });

  return app;
}

/** The order's state after asking Daraja, if its prompt has waited long enough to be worth asking. */
async function freshState(c: Context<AppEnv>): Promise<MpesaOrderState | null> {
  const state = await mpesaOrderState(c.env, c.req.param("ref"), siteOrigin(c.env, c.req.url));
  if (state?.view.state !== "pending" || !state.request) return state;
  await refreshMpesaRequest(fulfilmentOf(c), state.request);
  return mpesaOrderState(c.env, c.req.param("ref"), siteOrigin(c.env, c.req.url));
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
