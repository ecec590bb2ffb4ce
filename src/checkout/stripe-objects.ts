import { lazyOnce } from "../lib/lazy-once.ts";
import { z } from "../lib/zod.ts";

/**
 * The parts of Stripe's objects the site reads, in the current API's shapes (a subscription's
 * period is on its items; an invoice names its subscription under parent.subscription_details).
 * Everything else in a payload is ignored. What identifies an object (its id, a session's status)
 * must be readable or the event is "not understood"; figures and dates are read leniently instead
 * (an unreadable one counts as missing or impossible), so the owner reviews it rather than the
 * event being dropped. Built by the first webhook that reads an object, not at every cold start
 * (most requests are pages).
 */
const stripeObjects = lazyOnce(() => {
  const fields = stripeFields();
  return { ...paymentObjects(fields), ...subscriptionObjects(fields) };
});

/** The fields Stripe's objects share, each read as strictly or as leniently as said above. */
function stripeFields() {
  const id = z.string().min(1);
  /** Stripe writes expandable references as an id or as the expanded object. */
  const ref = z.union([id, z.object({ id })]).transform((value) => (typeof value === "string" ? value : value.id));
  const metadata = z.record(z.string(), z.string()).nullish().catch(null);
  /** An amount in the currency's minor unit; anything else reads as missing. */
  const cents = z.number().int().nullish().catch(null);
  const currency = z.string().min(1).nullish().catch(null);
  /** A Stripe timestamp as sent: judged by readTime, never trusted to be a date. */
  const time = z.unknown().optional();
  /** An item's quantity as sent (0, 1000, 1e300 included): the plan check judges it, and names it to the owner. */
  const quantity = z.unknown().optional();
  /** A Price as a subscription's items expand it: what names our plan (its lookup key) and what it bills. */
  const price = z.object({
    id,
    lookup_key: z.string().nullish().catch(null),
    unit_amount: cents,
    currency,
    recurring: z
      .object({ interval: z.string().nullish().catch(null), interval_count: z.number().nullish().catch(null) })
      .nullish()
      .catch(null),
  });
  return { id, ref, metadata, cents, currency, time, quantity, price };
}

type StripeFields = ReturnType<typeof stripeFields>;

/** A Checkout Session and an invoice: what says money was paid. */
function paymentObjects({ id, ref, metadata, cents, currency, time }: StripeFields) {
  const checkoutSession = z.object({
    object: z.literal("checkout.session"),
    id,
    status: z.string().nullish(),
    payment_status: z.string().nullish(),
    amount_total: cents,
    currency,
    subscription: ref.nullish(),
    customer: ref.nullish(),
    client_reference_id: z.string().nullish(),
  });

  const invoice = z.object({
    object: z.literal("invoice"),
    id,
    customer: ref.nullish(),
    amount_paid: cents,
    amount_due: cents,
    currency,
    billing_reason: z.string().nullish().catch(null),
    period_start: time,
    period_end: time,
    /** Older API versions. */
    subscription: ref.nullish(),
    parent: z
      .object({
        subscription_details: z.object({ subscription: ref.nullish(), metadata }).nullish(),
      })
      .nullish(),
    lines: z
      .object({ data: z.array(z.object({ period: z.object({ start: time, end: time }).nullish() })) })
      .nullish()
      .catch(null),
  });
  return { checkoutSession, invoice };
}

/** A subscription and its schedule: what a plan is and when it changes. */
function subscriptionObjects({ id, ref, metadata, time, quantity, price }: StripeFields) {
  const subscription = z.object({
    object: z.literal("subscription"),
    id,
    status: z.string(),
    customer: ref.nullish(),
    metadata,
    cancel_at_period_end: z.boolean().nullish().catch(null),
    cancel_at: time,
    canceled_at: time,
    /** Older API versions only; newer ones keep it on each item. */
    current_period_end: time,
    items: z
      .object({
        data: z.array(z.object({ current_period_end: time, price: price.nullish().catch(null), quantity })),
      })
      .nullish()
      .catch(null),
    /** The subscription schedule attached (a change waiting for the period's end), by id. */
    schedule: ref.nullish().catch(null),
  });

  /** A schedule's phases: each a span of time and the prices it bills (ids, or expanded prices). */
  const subscriptionSchedule = z.object({
    object: z.literal("subscription_schedule"),
    id,
    status: z.string().nullish().catch(null),
    subscription: ref.nullish().catch(null),
    /** Where a released schedule leaves the subscription (subscription is then null). */
    released_subscription: ref.nullish().catch(null),
    current_phase: z.object({ start_date: time, end_date: time }).nullish().catch(null),
    phases: z
      .array(
        z.object({
          start_date: time,
          end_date: time,
          items: z.array(z.object({ price: z.union([id, price]).nullish().catch(null), quantity })),
        }),
      )
      .nullish()
      .catch(null),
  });

  return { subscription, subscriptionSchedule };
}

export const checkoutSessionObject = () => stripeObjects().checkoutSession;
export const subscriptionObject = () => stripeObjects().subscription;
export const invoiceObject = () => stripeObjects().invoice;
export const subscriptionScheduleObject = () => stripeObjects().subscriptionSchedule;
export type SubscriptionObject = z.infer<ReturnType<typeof subscriptionObject>>;
export type InvoiceObject = z.infer<ReturnType<typeof invoiceObject>>;
export type SubscriptionScheduleObject = z.infer<ReturnType<typeof subscriptionScheduleObject>>;
/** An expanded Price, as a subscription's item carries it. */
export type PriceObject = NonNullable<NonNullable<SubscriptionObject["items"]>["data"][number]["price"]>;

/**
 * The last second ISO text writes with a four-digit year (9999-12-31T23:59:59Z). JavaScript's Date
 * ends later (year 275760), but nothing Stripe bills for lies beyond this, and past Date's end
 * toISOString throws "Invalid time value".
 */
const LAST_UNIX_SECOND = 253_402_300_799;

/** How a value that is not a date is named to the owner: short, and never more than a few characters of it. */
function shown(value: unknown): string {
  const text = typeof value === "number" ? String(value) : (JSON.stringify(value) ?? typeof value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * Reads Stripe timestamps (unix seconds), noting each that is neither absent nor a date: negative,
 * zero, past the year 9999, not a finite number. Such a value is read as absent, and `problems`
 * names it for the owner.
 */
function timeReader() {
  const problems: string[] = [];
  return {
    problems,
    read(field: string, value: unknown): string | null {
      if (value === null || value === undefined) return null;
      if (typeof value === "number" && Number.isFinite(value) && value > 0 && value <= LAST_UNIX_SECOND) {
        return new Date(value * 1000).toISOString();
      }
      problems.push(`${field} is ${shown(value)}, not a date`);
      return null;
    },
  };
}

/** An event stamped further ahead than this was not made by Stripe before sending it: far beyond any clock difference. */
const EVENT_CLOCK_SLACK_SECONDS = 24 * 60 * 60;

/**
 * An event's `created`, which orders subscription states: null when absent, or when it is not a
 * date or lies in the future (then `problem` says so), since such a time would rank the event above
 * every real one for good.
 */
export function readEventTime(
  created: unknown,
  nowSeconds = Math.floor(Date.now() / 1000),
): { seconds: number | null; iso: string | null; problem: string | null } {
  const reader = timeReader();
  const iso = reader.read("the event's created time", created);
  if (iso === null) return { seconds: null, iso: null, problem: reader.problems[0] ?? null };
  const seconds = created as number;
  if (seconds > nowSeconds + EVENT_CLOCK_SLACK_SECONDS) {
    return { seconds: null, iso: null, problem: `the event's created time is ${iso}, in the future` };
  }
  return { seconds, iso, problem: null };
}

type SubscriptionDates = {
  currentPeriodEnd: string | null;
  cancelAt: string | null;
  canceledAt: string | null;
  /** Each impossible value, for the review reason; empty when every date was readable. */
  problems: string[];
};

/** A subscription's dates as ISO text; its period ends on its items (newer APIs) or on itself (older). */
export function subscriptionDates(sub: SubscriptionObject): SubscriptionDates {
  const reader = timeReader();
  const itemEnds = (sub.items?.data ?? [])
    .map((item, i) => reader.read(`items[${i}].current_period_end`, item.current_period_end))
    .filter((end): end is string => end !== null)
    .sort();
  return {
    currentPeriodEnd: itemEnds.at(-1) ?? reader.read("current_period_end", sub.current_period_end),
    cancelAt: reader.read("cancel_at", sub.cancel_at),
    canceledAt: reader.read("canceled_at", sub.canceled_at),
    problems: reader.problems,
  };
}

export function invoiceSubscription(invoice: InvoiceObject): { id: string | null; orderRef: string | null } {
  const details = invoice.parent?.subscription_details;
  return { id: details?.subscription ?? invoice.subscription ?? null, orderRef: details?.metadata?.order_ref ?? null };
}

/**
 * The service period an invoice pays for: its lines' period when they have one (renewals), else its
 * own. Impossible dates are left out (null) and named in `problems`.
 */
export function invoicePeriod(invoice: InvoiceObject): {
  start: string | null;
  end: string | null;
  problems: string[];
} {
  const reader = timeReader();
  const lines = (invoice.lines?.data ?? []).flatMap((line, i) => (line.period ? [{ i, period: line.period }] : []));
  if (lines.length === 0) {
    const start = reader.read("period_start", invoice.period_start);
    const end = reader.read("period_end", invoice.period_end);
    return { start, end, problems: reader.problems };
  }
  const starts = lines.map(({ i, period }) => reader.read(`lines[${i}].period.start`, period.start));
  const ends = lines.map(({ i, period }) => reader.read(`lines[${i}].period.end`, period.end));
  const known = (values: (string | null)[]) => values.filter((v): v is string => v !== null).sort();
  // A line whose dates are impossible leaves the period unknown rather than shortened.
  const whole = reader.problems.length === 0;
  return {
    start: whole ? (known(starts)[0] ?? null) : null,
    end: whole ? (known(ends).at(-1) ?? null) : null,
    problems: reader.problems,
  };
}

/** One Stripe timestamp as ISO text; null when absent or not a date (a schedule's phase dates). */
export function readStripeTime(value: unknown): string | null {
  return timeReader().read("time", value);
}
