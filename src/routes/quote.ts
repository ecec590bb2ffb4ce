import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { quoteApiMessages as messages } from "../content/quote-api.ts";
import type { AppEnv } from "../env.ts";
import { CART_BODY_MAX_BYTES } from "../http/body-limits.ts";
import { notUtf8FormFields } from "../http/form-bytes.ts";
import { type Issue, jsonError, toIssues } from "../http/json-errors.ts";
import { log } from "../http/log.ts";
import { type Channel, channelOf, mediaTypeOf } from "../http/media-type.ts";
import { siteOrigin } from "../http/site-origin.ts";
import { notifyQuote } from "../mail/notify-visitors.ts";
import { isCartProblem, priceCart } from "../orders/cart-pricing.ts";
import { findCatalogueEntry } from "../orders/catalogue.ts";
import { QUOTE_PAGE_PATH, QUOTE_PATH } from "../paths.ts";
import { quoteFilename } from "../quotes/filename.ts";
import { type IssuedQuote, issueQuote, quoteDocument } from "../quotes/issue.ts";
import { findQuoteByKey, type Quote } from "../quotes/repository.ts";
import { renderQuoteNotMade } from "../render/quote-responses.tsx";
import { renderQuoteNotFound, renderQuoteTooMany } from "../render/site.tsx";
import { type CartItem, MAX_CART_ITEMS } from "../schemas/cart-item.ts";
import { type QuoteRequest, quoteCustomerSchema, quoteRequestSchema } from "../schemas/quote-request.ts";
import { clientBudgets } from "../security/budget.ts";
import { isOverLimit, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";
import { refusedStore, type StoreRefusal } from "../security/store-gate.ts";

type Refusal = { status: ContentfulStatusCode; error: string; issues?: Issue[] | undefined };

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
      const request = await readRequest(c, channel);
      if ("status" in request) return refuse(c, channel, request);

      const cart = priceCart(request.services);
      if (isCartProblem(cart)) return refuse(c, channel, cart);

      const refused = await refusedStore(c, clientBudgets.quote, "quote");
      if (refused) return refuse(c, channel, { status: refused.status, error: storeRefusals[refused.reason] });

      const origin = siteOrigin(c.env, c.req.url);
      let issued: IssuedQuote;
      try {
        issued = await issueQuote(c.env, cart, request.customer, origin);
      } catch (error) {
        log(c).error("Quote could not be issued", { error });
        return refuse(c, channel, { status: 503, error: messages.storeFailed });
      }
      const { quote, pdf } = issued;
      const logger = log(c, { quoteNumber: quote.number });
      try {
        await notifyQuote(c.env, quote, origin, logger);
      } catch (error) {
        logger.error("The quote's e-mails could not be queued", { error });
      }
      logger.info("Quote made", { lines: quote.lines.length, dueCents: quote.due_cents });
      return pdfResponse(quote, pdf);
    },
  );

  app.all(QUOTE_PATH, (c) => {
    c.header("Allow", "POST");
    return jsonError(c, 405, messages.methodNotAllowed);
  });

  app.get(`${QUOTE_PAGE_PATH}/pdf`, async (c) => {
    if (await isOverLimit(c, (env) => env.QUOTE_VIEW_LIMITER)) {
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return renderQuoteTooMany(c);
    }
    const quote = await findQuoteByKey(c.env.DB, c.req.param("number"), c.req.query("k"));
    if (!quote) return renderQuoteNotFound(c);
    return pdfResponse(quote, await quoteDocument(c.env, quote, siteOrigin(c.env, c.req.url)));
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

const isUrlEncoded = (c: Context): boolean => mediaTypeOf(c) === "application/x-www-form-urlencoded";

async function readRequest(c: Context, channel: Channel): Promise<QuoteRequest | Refusal> {
  if (channel === "json") {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return { status: 400, error: messages.malformed };
    }
    const parsed = quoteRequestSchema.safeParse(body);
    return parsed.success ? parsed.data : invalid(toIssues(parsed.error));
  }
  let form: FormData;
  try {
    form = await c.req.formData();
    if (isUrlEncoded(c) && notUtf8FormFields(await c.req.arrayBuffer()).length > 0) {
      return { status: 400, error: messages.notText };
    }
  } catch {
    return { status: 400, error: messages.malformed };
  }
  const ids = form.getAll("services").filter((value): value is string => typeof value === "string");
  if (ids.length === 0) return { status: 400, error: messages.noServices };
  if (ids.length > MAX_CART_ITEMS) return { status: 400, error: messages.tooManyServices(MAX_CART_ITEMS) };
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const company = field("company")?.trim();
  const customer = quoteCustomerSchema.safeParse({
    name: field("name"),
    email: field("email"),
    company: company || undefined,
  });
  if (!customer.success)
    return invalid(toIssues(customer.error).map((issue) => ({ ...issue, path: `customer.${issue.path}` })));
  return { services: ids.map(checkedService), customer: customer.data };
}

/**
 * A checked card of the plain form: the id with the catalogue's own price, quantity 1. An id the
 * catalogue lacks keeps price 0, so priceCart refuses it with the payment endpoint's words.
 */
function checkedService(id: string): CartItem {
  const entry = findCatalogueEntry(id);
  return {
    id,
    name: entry?.name ?? id,
    description: "",
    category: entry?.category ?? "",
    tier: "entry",
    price: entry?.price ?? 0,
    quantity: 1,
  };
}

function invalid(issues: Issue[]): Refusal {
  const problems = [...new Set(issues.map((issue) => issue.message))];
  return { status: 400, error: messages.invalid(problems.join("; ")), issues };
}

async function refuse(c: Context, channel: Channel | null, refusal: Refusal): Promise<Response> {
  if (channel !== "form") return jsonError(c, refusal.status, refusal.error, refusal.issues);
  return renderQuoteNotMade(c, refusal.error, refusal.status);
}
