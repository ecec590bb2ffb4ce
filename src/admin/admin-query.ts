/**
 * A back-office section's URL query (`?q=…&status=…&from=…&to=…&after=…`) as a validated, typed
 * object, and back into a query string for pagination and CSV links that keep the current filter.
 * It is read from a GET of the owner's own page, so nothing here throws: a value that does not
 * validate is dropped for its default (no search, any status, any date, the newest rows).
 */

import type { KeyKinds } from "../db/keyset-listing.ts";
import { lazyOnce } from "../lib/lazy-once.ts";
import { isWellFormedText } from "../lib/well-formed-text.ts";
import { z } from "../lib/zod.ts";
import type { OutboxStatus } from "../mail/outbox.ts";
import type { OrderStatus } from "../orders/order-status.ts";
import { type Cursor, cursorParams, parseCursor } from "./keyset.ts";

/** Rows per page in every section. */
export const PAGE_SIZE = 50;

/** Longer search text is cut to this many characters (code points). */
export const MAX_SEARCH_LENGTH = 200;

/** Every order status (a Record, so a status added to OrderStatus fails the typecheck here until listed). */
const orderStatuses: Record<OrderStatus, true> = {
  pending: true,
  awaiting_payment: true,
  paid: true,
  payment_failed: true,
  expired: true,
  no_payment_required: true,
  needs_review: true,
};

const outboxStatuses: Record<OutboxStatus, true> = { queued: true, sent: true, failed: true, not_configured: true };

/** What each section can be filtered by (`status=`). */
export const SECTION_STATUSES = {
  orders: Object.keys(orderStatuses) as OrderStatus[],
  // Stripe's own names (docs/orders.md).
  // …and ours: a subscription the webhook flagged for the owner (review_reason set), whatever its state.
  subscriptions: [
    "active",
    "trialing",
    "past_due",
    "unpaid",
    "paused",
    "incomplete",
    "incomplete_expired",
    "canceled",
    "needs_review",
  ],
  // Quotes have no state of their own: valid until `valid_until`, expired after.
  quotes: ["valid", "expired"],
  messages: ["unanswered", "answered"],
  outbox: Object.keys(outboxStatuses) as OutboxStatus[],
  // etims_sales.status: waiting for KRA, or accepted by it.
  invoices: ["pending", "accepted"],
} as const satisfies Record<string, readonly string[]>;

export type Section = keyof typeof SECTION_STATUSES;

/** What each section's two sort columns hold (keyset.ts): a time or KRA's invoice number, then the row's own id. */
const SECTION_KEY_KINDS: Record<Section, KeyKinds> = {
  orders: ["text", "text"],
  subscriptions: ["text", "text"],
  quotes: ["text", "text"],
  messages: ["text", "integer"],
  outbox: ["text", "integer"],
  invoices: ["integer", "text"],
};
type SectionStatus<S extends Section> = (typeof SECTION_STATUSES)[S][number];

export type AdminQuery<S extends Section = Section> = {
  section: S;
  /** Trimmed search text; "" for none. */
  q: string;
  status: SectionStatus<S> | null;
  /** YYYY-MM-DD, inclusive, UTC; null for open-ended. `from` is never after `to`. */
  from: string | null;
  to: string | null;
  /** Where the page starts (keyset.ts); null for the newest rows. */
  cursor: Cursor | null;
};

/** What a route hands over: `c.req.query()`, `c.req.queries()` or the request URL's searchParams. */
export type QueryInput = URLSearchParams | Record<string, string | readonly string[] | undefined>;

/** C0 and C1 controls (NUL among them) become spaces: nobody searches for them and D1 may cut text at NUL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/** The fields every section shares, built by the first back-office page rather than at every cold start. */
const fields = lazyOnce(() => ({
  /** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00.000Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }),
  searchText: z
    .string()
    .refine(isWellFormedText)
    .transform((value) => Array.from(value.replace(CONTROLS, " ").trim()).slice(0, MAX_SEARCH_LENGTH).join("").trim()),
}));

const schemas = new Map<Section, z.ZodType>();

function schemaFor(section: Section): z.ZodType {
  let schema = schemas.get(section);
  if (!schema) {
    const statuses: readonly string[] = SECTION_STATUSES[section];
    const { day, searchText } = fields();
    schema = z.object({
      q: searchText.catch(""),
      status: z
        .string()
        .refine((value) => statuses.includes(value))
        .nullable()
        .catch(null),
      from: day.nullable().catch(null),
      to: day.nullable().catch(null),
    });
    schemas.set(section, schema);
  }
  return schema;
}

/** The first value of a parameter, or undefined. */
function first(input: QueryInput, name: string): string | undefined {
  if (input instanceof URLSearchParams) return input.get(name) ?? undefined;
  const value = input[name];
  return typeof value === "string" ? value : value?.[0];
}

/** Parses a section's query; never throws (each bad value falls back to its default). */
export function parseAdminQuery<S extends Section>(section: S, input: QueryInput): AdminQuery<S> {
  const raw = {
    q: first(input, "q"),
    status: first(input, "status") ?? null,
    from: first(input, "from") ?? null,
    to: first(input, "to") ?? null,
  };
  const parsed = schemaFor(section).parse(raw) as Omit<AdminQuery<S>, "section">;
  let { from, to } = parsed;
  // A range typed backwards is still a range.
  if (from && to && from > to) [from, to] = [to, from];
  const cursor = parseCursor((name) => first(input, name), SECTION_KEY_KINDS[section]);
  return { section, q: parsed.q, status: parsed.status, from, to, cursor };
}

/**
 * The query string (no leading "?") of a query, defaults left out: "" for an unfiltered first page.
 * For a link to another page: `toQueryString({ ...query, cursor })`; for the CSV link, which
 * exports every page: `toQueryString({ ...query, cursor: null })`.
 */
export function toQueryString(query: AdminQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  for (const [name, value] of cursorParams(query.cursor)) params.set(name, value);
  return params.toString();
}

/**
 * The query's dates as bounds on an ISO timestamp column (`2026-03-01T08:00:00.000Z`): from `from`
 * (inclusive: the day's date sorts before every time of that day) to the day after `to`
 * (exclusive), so the whole of `to` is in. Text comparison is enough: every stored timestamp is
 * ISO 8601 in UTC.
 */
export function dateBounds(query: Pick<AdminQuery, "from" | "to">): { start: string | null; end: string | null } {
  const end = query.to
    ? new Date(Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10)
    : null;
  return { start: query.from, end };
}
