import { findCatalogueEntry } from "../catalogue/catalogue.ts";
import { type CartItem, MAX_CART_ITEMS } from "../checkout/cart-item-schema.ts";
import { type Issue, toIssues } from "../http/json-errors.ts";
import type { Submission } from "../http/submission.ts";
import { quoteApiMessages as messages } from "./quote-api-copy.ts";
import { type QuoteRequest, quoteCustomerSchema, quoteRequestSchema } from "./quote-request-schema.ts";

export type QuoteRefusal = { status: 400 | 409 | 413 | 415 | 429 | 503; error: string; issues?: Issue[] | undefined };

/**
 * What a quote is asked for, from either channel: the islands' JSON (the cart as the payment
 * endpoint takes it) or the plain form's checked cards and fields.
 */
export function quoteRequestOf(submission: Submission): QuoteRequest | QuoteRefusal {
  if (submission.channel === "json") {
    const parsed = quoteRequestSchema().safeParse(submission.body);
    return parsed.success ? parsed.data : invalid(toIssues(parsed.error));
  }
  if (submission.notUtf8.length > 0) return { status: 400, error: messages.notText };
  const ids = submission.lists.services ?? [];
  if (ids.length === 0) return { status: 400, error: messages.noServices };
  if (ids.length > MAX_CART_ITEMS) return { status: 400, error: messages.tooManyServices(MAX_CART_ITEMS) };
  const { name, email, company, kraPin } = submission.fields;
  const customer = quoteCustomerSchema().safeParse({ name, email, company: company?.trim() || undefined, kraPin });
  if (!customer.success) {
    return invalid(toIssues(customer.error).map((issue) => ({ ...issue, path: `customer.${issue.path}` })));
  }
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

function invalid(issues: Issue[]): QuoteRefusal {
  const problems = [...new Set(issues.map((issue) => issue.message))];
  return { status: 400, error: messages.invalid(problems.join("; ")), issues };
}
