import { Hono } from "hono";
import { pricingCartItems } from "../content/pricing-cart-items.ts";
import { quoteCatalogue } from "../content/quote-catalogue.ts";
import type { AppEnv } from "../env.ts";
import { findCatalogueEntry } from "../orders/catalogue.ts";
import type { QuotePayOnline } from "../pages/quote.tsx";
import { QUOTE_PAGE_PATH, quotePdfPath } from "../paths.ts";
import { findQuoteByKey, type Quote } from "../quotes/repository.ts";
import { renderQuote, renderQuoteNotFound, renderQuoteTooMany } from "../render/site.tsx";
import type { CartItem, Tier } from "../schemas/cart-item.ts";
import { isOverLimit, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";

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
      const res = privately(await renderQuoteTooMany(c));
      res.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
      return res;
    }
    // The number's format is checked before D1 is asked, the key compared in constant time.
    const quote = await findQuoteByKey(c.env.DB, c.req.param("number"), c.req.query("k"));
    if (!quote) return privately(await renderQuoteNotFound(c));
    const view = {
      quote,
      pdfHref: quotePdfPath(quote.number, quote.access_key),
      payOnline: payOnline(quote, Date.now()),
    };
    return privately(await renderQuote(c, view));
  });

  return app;
}

function privately(res: Response): Response {
  for (const [name, value] of Object.entries(PRIVATE_HEADERS)) res.headers.set(name, value);
  return res;
}

/** The description and tier a cart line carries (the catalogue entry has the rest), by id. */
const cartDetails: ReadonlyMap<string, { description: string; tier: Tier }> = new Map(
  [...quoteCatalogue, ...pricingCartItems].map((item) => [item.id, item]),
);

/**
 * Whether the quote can be paid online as written: it is still valid, and every line is still in
 * the catalogue at the quoted price (checkout charges catalogue prices, so any other price would
 * not be the quote's). If so, the cart items "Pay online" puts in the cart, at the quoted quantities.
 */
function payOnline(quote: Quote, now: number): QuotePayOnline {
  if (!(Date.parse(quote.valid_until) > now)) return { kind: "expired" };
  const items: CartItem[] = [];
  const unavailable: string[] = [];
  const changed: string[] = [];
  for (const line of quote.lines) {
    const entry = findCatalogueEntry(line.item_id);
    const details = cartDetails.get(line.item_id);
    if (!entry || !details) {
      unavailable.push(line.name);
    } else if (entry.unitAmount !== line.unit_amount_cents || entry.recurring !== (line.recurring === 1)) {
      changed.push(line.name);
    } else {
      const { id, name, category, price } = entry;
      items.push({
        id,
        name,
        description: details.description,
        category,
        tier: details.tier,
        price,
        quantity: line.quantity,
      });
    }
  }
  if (unavailable.length > 0) return { kind: "unavailable", names: unavailable };
  if (changed.length > 0) return { kind: "changed", names: changed };
  return { kind: "ready", items };
}
