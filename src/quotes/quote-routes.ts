import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { isCartProblem, priceCart } from "../checkout/cart-pricing.ts";
import type { AppEnv } from "../env.ts";
import { CART_BODY_MAX_BYTES } from "../http/body-limits.ts";
import { jsonError } from "../http/json-errors.ts";
import { requestLog } from "../http/log.ts";
import { type Channel, channelOf } from "../http/media-type.ts";
import { readSubmission } from "../http/submission.ts";
import { workContextOf } from "../http/work-context.ts";
import { QUOTE_PAGE_PATH, QUOTE_PATH } from "../paths.ts";
import { renderPage } from "../render/page-response.tsx";
import { clientBudgets } from "../security/budget.ts";
import { isOverLimit, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";
import { refusedStore, type StoreRefusal } from "../security/store-gate.ts";
import { notFoundPage } from "../site/not-found-page.tsx";
import { type IssuedQuote, quoteDocument } from "./issue-quote.ts";
import { makeQuote } from "./make-quote.ts";
import { quoteApiMessages as messages } from "./quote-api-copy.ts";
import { quoteFilename } from "./quote-filename.ts";
import { quoteNotMadePage } from "./quote-not-made-page.tsx";
import { findQuoteByKey, type Quote } from "./quote-numbers.ts";
import { quoteTooManyPage } from "./quote-page.tsx";
import { type QuoteRefusal, quoteRequestOf } from "./quote-request.ts";

/**
 * POST /quote: a written quote of a cart, priced from the worker's own catalogue exactly as a payment
 * is (unknown ids 400, changed prices 409, the same limits), stored with the next number of the year
 * and answered with its PDF as a download. GET /quote/<number>/pdf?k=…: the same PDF again.
 */
export function quoteRoutes() {
  const app = new Hono<AppEnv>({ strict: false });

  app.post(
    QUOTE_PATH,
    bodyLimit({
      maxSize: CART_BODY_MAX_BYTES,
      onError: (c) => refuse(c, channelOf(c), { status: 413, error: messages.tooLarge }),
    }),
    async (c) => {
      const channel = channelOf(c);
      if (!channel) return jsonError(c, 415, messages.unsupported);
      if (await isOverLimit(c, (env) => env.QUOTE_LIMITER)) {
        c.header("Retry-After", String(RETRY_AFTER_SECONDS));
        return refuse(c, channel, { status: 429, error: messages.rateLimited });
      }
      const submission = await readSubmission(c, channel);
      if (!submission) return refuse(c, channel, { status: 400, error: messages.malformed });
      const request = quoteRequestOf(submission);
      if ("status" in request) return refuse(c, channel, request);

      const cart = priceCart(request.services);
      if (isCartProblem(cart)) return refuse(c, channel, cart);

      const refused = await refusedStore(c, clientBudgets.quote, "quote");
      if (refused) return refuse(c, channel, { status: refused.status, error: storeRefusals[refused.reason] });

      let made: IssuedQuote;
      try {
        made = await makeQuote(workContextOf(c), cart, request.customer);
      } catch (error) {
        requestLog(c).error("Quote could not be issued", { error });
        return refuse(c, channel, { status: 503, error: messages.storeFailed });
      }
      return pdfResponse(made.quote, made.pdf);
    },
  );

  app.all(QUOTE_PATH, (c) => {
    c.header("Allow", "POST");
    return jsonError(c, 405, messages.methodNotAllowed);
  });

  app.get(`${QUOTE_PAGE_PATH}/pdf`, async (c) => {
    if (await isOverLimit(c, (env) => env.QUOTE_VIEW_LIMITER)) {
      return renderPage(c, quoteTooManyPage, { status: 429, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });
    }
    const quote = await findQuoteByKey(c.env.DB, c.req.param("number"), c.req.query("k"));
    // The normal 404 page at a fixed path: the same bytes whatever number or key was asked for.
    if (!quote) return renderPage(c, { ...notFoundPage, path: QUOTE_PATH }, { status: 404 });
    return pdfResponse(quote, await quoteDocument(workContextOf(c), quote));
  });

  return app;
}

function pdfResponse(quote: Quote, pdf: Uint8Array): Response {
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${quoteFilename(quote.number)}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
      "X-Quote-Number": quote.number,
    },
  });
}

const storeRefusals: Record<StoreRefusal["reason"], string> = {
  hourly: messages.hourlyLimit,
  busy: messages.busy,
  unavailable: messages.storeFailed,
};

/** JSON for the islands; for a plain form post, a page with the refusal's own status. */
function refuse(c: Context, channel: Channel | null, refusal: QuoteRefusal): Response | Promise<Response> {
  if (channel !== "form") return jsonError(c, refusal.status, refusal.error, refusal.issues);
  return renderPage(c, quoteNotMadePage(refusal.error), { status: refusal.status });
}
