import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { quoteMpesaOffer } from "../mpesa/mpesa-terms.ts";
import { QUOTE_PAGE_PATH, QUOTE_PATH, quotePdfPath } from "../paths.ts";
import { quotePayOnline } from "../payments/manual-payments.ts";
import { paymentDetails } from "../payments/payment-details.ts";
import { renderPage } from "../render/page-response.tsx";
import { isOverLimit, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";
import { notFoundPage } from "../site/not-found-page.tsx";
import { sellerTaxIdentity } from "../tax/seller.ts";
import { findQuoteByKey } from "./quote-numbers.ts";
import { quotePage, quoteTooManyPage } from "./quote-page.tsx";

/**
 * Every answer of a quote link, whatever it is: the key is in the URL, so the page is never cached,
 * never indexed, and never named in a Referer to another page or site.
 */
const PRIVATE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
} as const;

/**
 * GET /quote/<number>?k=<access key>: one written quote as a page, with "Pay online". A wrong or
 * missing key, an unknown number and a malformed one all get the same 404 page, so the link's
 * holder learns nothing about which quotes exist. Rate limited per client (QUOTE_VIEW_LIMITER).
 * The PDF (/quote/<number>/pdf) and POST /quote live in routes/quote.ts.
 */
export function quotePageRoutes() {
  const app = new Hono<AppEnv>({ strict: false });

  app.get(QUOTE_PAGE_PATH, async (c) => {
    if (await isOverLimit(c, (env) => env.QUOTE_VIEW_LIMITER)) {
      const headers = { ...PRIVATE_HEADERS, "Retry-After": String(RETRY_AFTER_SECONDS) };
      return renderPage(c, quoteTooManyPage, { status: 429, headers });
    }
    // The number's format is checked before D1 is asked, the key compared in constant time.
    const quote = await findQuoteByKey(c.env.DB, c.req.param("number"), c.req.query("k"));
    if (!quote) {
      // The normal 404 page at a fixed path: the same bytes whatever number or key was asked for.
      return renderPage(c, { ...notFoundPage, path: QUOTE_PATH }, { status: 404, headers: PRIVATE_HEADERS });
    }
    const now = Date.now();
    const [payOnline, mpesa, payment] = await Promise.all([
      quotePayOnline(c.env, quote, now),
      quoteMpesaOffer(c.env, quote, now),
      paymentDetails(c.env),
    ]);
    const view = {
      quote,
      pdfHref: quotePdfPath(quote.number, quote.access_key),
      payOnline,
      mpesa,
      seller: sellerTaxIdentity(c.env),
      payment,
    };
    return renderPage(c, quotePage(view), { headers: PRIVATE_HEADERS });
  });

  return app;
}
