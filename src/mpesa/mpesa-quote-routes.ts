import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env.ts";
import { channelOf } from "../http/media-type.ts";
import { readSubmission } from "../http/submission.ts";
import { workContextOf } from "../http/work-context.ts";
import { normaliseSafaricomNumber } from "../lib/safaricom.ts";
import { MPESA_PAY_QUOTE_PATH, paths, QUOTE_PATH, quotePagePath } from "../paths.ts";
import { findQuoteByKey } from "../quotes/quote-numbers.ts";
import { renderPage } from "../render/page-response.tsx";
import { isOverLimit, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";
import { notFoundPage } from "../site/not-found-page.tsx";
import { KRA_PIN_MESSAGE, kraPinField } from "../tax/kra-pin.ts";
import { promptWhenAdmitted } from "./mpesa-answers.ts";
import { mpesaCopy as copy } from "./mpesa-copy.ts";
import { mpesaNotStartedPage } from "./mpesa-order-page.tsx";
import { checkMpesaQuote } from "./mpesa-start.ts";

/** The quote's key travels in this post; nothing answered to it is cached, indexed or referred on. */
const PRIVATE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
} as const;

/**
 * POST /mpesa/pay-quote: a written quote paid by M-Pesa from its page's plain form (it works
 * without scripts): the number, its key, the phone, the shillings the page showed and the buyer's
 * KRA PIN (optional; a bad one is refused with nothing sent). Answered with
 * the waiting page (303), or a page that says why not, with the way back to the quote.
 */
export function mpesaQuoteRoutes() {
  const app = new Hono<AppEnv>({ strict: false });

  app.post(MPESA_PAY_QUOTE_PATH, bodyLimit({ maxSize: 4 * 1024, onError: (c) => notFound(c) }), async (c) => {
    const page = (message: string, status: number, back: Back, headers: Record<string, string> = {}) =>
      renderPage(c, mpesaNotStartedPage(message, back), {
        status: status as 400,
        headers: { ...PRIVATE_HEADERS, ...headers },
      });
    // Counted before the key is looked up: no guess at a quote's key goes unlimited.
    if (await isOverLimit(c, (env) => env.PAYMENT_LIMITER)) {
      return page(copy.rateLimited, 429, HOME, { "Retry-After": String(RETRY_AFTER_SECONDS) });
    }
    const fields = await formFields(c);
    const quote = fields ? await findQuoteByKey(c.env.DB, fields.number, fields.key) : null;
    if (!fields || !quote) return notFound(c);
    const back = { href: quotePagePath(quote.number, quote.access_key), label: copy.waiting.backToQuote };
    const phone = normaliseSafaricomNumber(fields.phone ?? "");
    if (!phone) return page(copy.phoneInvalid, 400, back);
    const shown = Number(fields.kes);
    if (!Number.isSafeInteger(shown) || shown <= 0) return page(copy.malformed, 400, back);
    const kraPin = kraPinField().safeParse(fields.kraPin);
    if (!kraPin.success) return page(KRA_PIN_MESSAGE, 400, back);
    // The form shows the quote's PIN to keep, correct or clear; a post without the field keeps it.
    const payer = fields.kraPin === undefined ? quote : { ...quote, customer_kra_pin: kraPin.data ?? null };
    const checked = await checkMpesaQuote(workContextOf(c), payer, shown);
    const answer = await promptWhenAdmitted(c, checked, phone);
    if (answer.kind === "started") return c.redirect(answer.path, 303);
    return page(answer.error, answer.status, back);
  });

  return app;
}

type Back = { href: string; label: string };

/** Where a refusal that knows no quote yet points. */
const HOME: Back = { href: paths.home, label: copy.waiting.home };

type QuotePayFields = {
  number: string;
  key: string;
  phone?: string | undefined;
  kes?: string | undefined;
  kraPin?: string | undefined;
};

async function formFields(c: Parameters<typeof readSubmission>[0]): Promise<QuotePayFields | null> {
  const channel = channelOf(c);
  if (channel !== "form") return null;
  const submission = await readSubmission(c, channel);
  if (submission?.channel !== "form") return null;
  const { number, key, phone, kes, kraPin } = submission.fields;
  return number && key ? { number, key, phone, kes, kraPin } : null;
}

function notFound(c: Parameters<typeof renderPage>[0]) {
  return renderPage(c, { ...notFoundPage, path: QUOTE_PATH }, { status: 404, headers: PRIVATE_HEADERS });
}
