import type { Catalogue } from "./catalogue.ts";
import { newCustomer, type StoredCustomer } from "./customers.ts";
import { invalidRequest } from "./errors.ts";
import { fixture } from "./fixtures.ts";
import { type InvoiceLine, invoiceJson, invoiceTotal, RETRY_DELAY_SECONDS, type StoredInvoice } from "./invoices.ts";
import { catalogued, priceChange } from "./plan-changes.ts";
import { type PhasePrice, type StoredSchedule, scheduleJson } from "./schedules.ts";
import { type PricedLine, randomId, type StoredSession, unixNow } from "./sessions.ts";
import {
  periodEnd,
  recurringTotal,
  type StoredSubscription,
  type SubscriptionItem,
  subscriptionJson,
} from "./subscriptions.ts";
import { previousAttributes, type RecordedEvent, type WebhookSender } from "./webhooks.ts";

export type StoredPortalSession = {
  id: string;
  created: number;
  customer: string;
  returnUrl: string | null;
  /** The portal configuration it uses: the one it named, else the account's default. */
  configuration: string;
};

export function portalSessionJson(portal: StoredPortalSession, base: string) {
  return {
    ...fixture("billing_portal.session"),
    configuration: portal.configuration,
    created: portal.created,
    customer: portal.customer,
    flow: null,
    id: portal.id,
    livemode: false,
    return_url: portal.returnUrl,
    url: `${base}/portal/${portal.id}`,
  };
}

/**
 * Customers, subscriptions and invoices that Checkout's subscription mode creates, and what
 * happens to them later (renewals, failures, cancellations), each change sending the events
 * Stripe sends for it, in Stripe's order.
 */
export class Billing {
  readonly #customers = new Map<string, StoredCustomer>();
  readonly #subscriptions = new Map<string, StoredSubscription>();
  readonly #invoices = new Map<string, StoredInvoice>();
  readonly #portals = new Map<string, StoredPortalSession>();
  readonly #schedules = new Map<string, StoredSchedule>();
  /** The price each active schedule's second phase moves its subscription to. */
  readonly #pendingPrices = new Map<string, PhasePrice>();
  readonly #webhooks: WebhookSender;
  /** Where a subscription item finds its catalogue price's lookup key and metadata. */
  readonly #catalogue: Catalogue | null;

  constructor(webhooks: WebhookSender, catalogue: Catalogue | null = null) {
    this.#webhooks = webhooks;
    this.#catalogue = catalogue;
  }

  customer(id: string): StoredCustomer | undefined {
    return this.#customers.get(id);
  }

  subscription(id: string): StoredSubscription | undefined {
    return this.#subscriptions.get(id);
  }

  invoice(id: string): StoredInvoice | undefined {
    return this.#invoices.get(id);
  }

  schedule(id: string): StoredSchedule | undefined {
    return this.#schedules.get(id);
  }

  portal(id: string): StoredPortalSession | undefined {
    return this.#portals.get(id);
  }

  subscriptionsOf(customer: string): StoredSubscription[] {
    return [...this.#subscriptions.values()].filter((s) => s.customer === customer);
  }

  openPortal(customer: string, returnUrl: string | null, configuration: string): StoredPortalSession {
    const portal = { id: randomId("bps"), created: unixNow(), customer, returnUrl, configuration };
    this.#portals.set(portal.id, portal);
    return portal;
  }

  /**
   * What a subscription-mode session's payment creates: a customer, the subscription and its
   * first invoice (recurring and one-time items). Paid by card it is active and paid; while a
   * bank debit settles it is incomplete and its invoice open (settleFirstInvoice finishes it).
   */
  async subscribe(session: StoredSession): Promise<RecordedEvent[]> {
    const { params } = session;
    const now = unixNow();
    const paid = session.paymentStatus === "paid";
    const customer = newCustomer(params.customerEmail, params.currency);
    this.#customers.set(customer.id, customer);
    const recurring = session.lines.filter((line) => line.recurring);
    // Checkout refuses a subscription without a recurring item, and mixed intervals.
    const interval = recurring[0]?.recurring ?? { interval: "month", interval_count: 1 };
    const subscription: StoredSubscription = {
      id: randomId("sub"),
      created: now,
      customer: customer.id,
      sessionId: session.id,
      currency: params.currency,
      metadata: { ...params.subscriptionMetadata },
      items: recurring.map((line) => ({
        ...line,
        ...this.#catalogueFields(line.price),
        id: randomId("si"),
        created: now,
      })),
      interval,
      periodStart: now,
      periodEnd: periodEnd(now, interval, now),
      anchor: now,
      schedule: null,
      status: paid ? "active" : "incomplete",
      cancelAtPeriodEnd: false,
      cancelAt: null,
      canceledAt: null,
      endedAt: null,
      latestInvoice: null,
    };
    this.#subscriptions.set(subscription.id, subscription);
    const lines = session.lines.map((line) => {
      const item = subscription.items.find((i) => i.price === line.price);
      return invoiceLine(line, item?.id ?? null, now, item ? subscription.periodEnd : now);
    });
    const invoice = this.#newInvoice(subscription, customer, "subscription_create", lines, now, now);
    if (paid) markPaid(invoice);
    session.customer = customer.id;
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    return this.#sent(
      await this.#send("customer.subscription.created", subscription),
      paid ? await this.#sendInvoice("invoice.paid", invoice, subscription) : null,
    );
  }

  /** The bank debit for a first invoice settled: paid (subscription active) or failed (stays incomplete). */
  async settleFirstInvoice(subscription: StoredSubscription, succeeded: boolean): Promise<RecordedEvent[]> {
    const invoice = this.#invoices.get(subscription.latestInvoice ?? "");
    if (invoice?.status !== "open") return [];
    if (!succeeded) {
      invoice.attemptCount = 1;
      return this.#sent(await this.#sendInvoice("invoice.payment_failed", invoice, subscription));
    }
    const before = subscriptionJson(subscription);
    markPaid(invoice);
    subscription.status = "active";
    return this.#sent(
      await this.#sendInvoice("invoice.paid", invoice, subscription),
      await this.#sendUpdated(subscription, before),
    );
  }

  /**
   * A billing period passes. A subscription set to cancel at period end ends; any other renews
   * with an invoice for its recurring items, paid (active) or failed (past_due, retried later).
   */
  async advance(subscription: StoredSubscription, outcome: "paid" | "failed") {
    if (subscription.status === "canceled" || subscription.status === "incomplete") {
      throw invalidRequest(`Subscription ${subscription.id} is ${subscription.status}: no period to advance.`);
    }
    if (subscription.cancelAtPeriodEnd) return { invoice: null, events: await this.end(subscription) };
    const before = subscriptionJson(subscription);
    const customer = this.#customers.get(subscription.customer);
    if (!customer) throw new Error(`Subscription ${subscription.id} has no customer`);
    const start = subscription.periodEnd;
    const released = this.#startNextPhase(subscription, start);
    const end = periodEnd(start, subscription.interval, subscription.anchor);
    const lines = subscription.items.map((item) => invoiceLine(item, item.id, start, end));
    const invoice = this.#newInvoice(
      subscription,
      customer,
      "subscription_cycle",
      lines,
      subscription.periodStart,
      subscription.periodEnd,
    );
    subscription.periodStart = start;
    subscription.periodEnd = end;
    const paid = outcome === "paid";
    if (paid) {
      markPaid(invoice);
      subscription.status = "active";
    } else {
      invoice.attemptCount = 1;
      invoice.nextPaymentAttempt = invoice.created + RETRY_DELAY_SECONDS;
      subscription.status = "past_due";
    }
    const invoiceEvent = paid ? "invoice.paid" : "invoice.payment_failed";
    // A phase that changes the price updates the subscription before its first invoice, as Stripe does.
    const events = released
      ? this.#sent(
          await this.#sendUpdated(subscription, before),
          await this.#sendInvoice(invoiceEvent, invoice, subscription),
          await this.#sendSchedule("subscription_schedule.released", released, subscription),
        )
      : this.#sent(
          await this.#sendInvoice(invoiceEvent, invoice, subscription),
          await this.#sendUpdated(subscription, before),
        );
    return { invoice, events };
  }

  /** A retry (or the customer) pays an open invoice; its subscription becomes active again. */
  async payInvoice(invoice: StoredInvoice): Promise<RecordedEvent[]> {
    if (invoice.status !== "open") throw invalidRequest("Invoice is already paid.");
    const subscription = this.#subscriptions.get(invoice.subscription);
    if (!subscription) throw new Error(`Invoice ${invoice.id} has no subscription`);
    const before = subscriptionJson(subscription);
    markPaid(invoice);
    const recovers = subscription.latestInvoice === invoice.id && subscription.status !== "canceled";
    if (recovers) subscription.status = "active";
    return this.#sent(
      await this.#sendInvoice("invoice.paid", invoice, subscription),
      recovers ? await this.#sendUpdated(subscription, before) : null,
    );
  }

  /** Cancels at the end of the paid period (Stripe keeps it active until then) or at once. */
  async cancel(subscription: StoredSubscription, atPeriodEnd: boolean): Promise<RecordedEvent[]> {
    if (subscription.status === "canceled") {
      throw invalidRequest("A canceled subscription can only update its cancellation_details and metadata.");
    }
    // Stripe's canceled_at is the time of the request, even when the end comes later.
    if (!atPeriodEnd) {
      subscription.canceledAt = unixNow();
      return this.end(subscription);
    }
    if (subscription.cancelAtPeriodEnd) return [];
    const before = subscriptionJson(subscription);
    subscription.cancelAtPeriodEnd = true;
    subscription.cancelAt = subscription.periodEnd;
    subscription.canceledAt = unixNow();
    return this.#sent(await this.#sendUpdated(subscription, before));
  }

  /** The subscription ends now: canceled, with ended_at, and customer.subscription.deleted. */
  async end(subscription: StoredSubscription): Promise<RecordedEvent[]> {
    if (subscription.status === "canceled") throw invalidRequest(`Subscription ${subscription.id} has already ended.`);
    const now = unixNow();
    subscription.status = "canceled";
    subscription.canceledAt ??= now;
    subscription.endedAt = now;
    return this.#sent(await this.#send("customer.subscription.deleted", subscription));
  }

  /**
   * A plan change that takes effect now. With `always_invoice` the proration (credit for the
   * unused time, charge for the rest) is invoiced at once and paid with the saved card; with
   * `none` nothing is charged until the next renewal. Subscriptions run on the stand-in's clock:
   * once a test has advanced one past today, "now" is the start of its current period.
   */
  async changePrice(
    subscription: StoredSubscription,
    target: PhasePrice,
    behavior: "always_invoice" | "none",
  ): Promise<{ invoice: StoredInvoice | null; events: RecordedEvent[] }> {
    const item = this.#changeable(subscription);
    const customer = this.#customers.get(subscription.customer);
    if (!customer) throw new Error(`Subscription ${subscription.id} has no customer`);
    const at = Math.max(unixNow(), subscription.periodStart);
    const change = priceChange(subscription, item, target, at);
    const before = subscriptionJson(subscription);
    setPrice(subscription, item, target);
    Object.assign(subscription, {
      periodStart: change.periodStart,
      periodEnd: change.periodEnd,
      anchor: change.anchor,
    });
    if (behavior === "none")
      return { invoice: null, events: this.#sent(await this.#sendUpdated(subscription, before)) };
    const invoice = this.#newInvoice(subscription, customer, "subscription_update", change.lines, at, at);
    markPaid(invoice);
    const events = this.#sent(
      await this.#sendUpdated(subscription, before),
      await this.#sendInvoice("invoice.paid", invoice, subscription),
      await this.#sendInvoice("invoice.payment_succeeded", invoice, subscription),
    );
    return { invoice, events };
  }

  /**
   * A change that waits for the period end: a schedule whose first phase keeps the current price
   * until then and whose second has the new one. A change already waiting is released first.
   */
  async schedulePrice(subscription: StoredSubscription, target: PhasePrice): Promise<RecordedEvent[]> {
    const item = this.#changeable(subscription);
    const waiting = this.#schedules.get(subscription.schedule ?? "");
    const released = waiting ? await this.releaseSchedule(waiting) : [];
    const before = subscriptionJson(subscription);
    const { periodStart: start, periodEnd: end } = subscription;
    const schedule: StoredSchedule = {
      id: randomId("sub_sched"),
      created: unixNow(),
      customer: subscription.customer,
      subscription: subscription.id,
      status: "active",
      phases: [
        { start, end, price: item.price, quantity: item.quantity, currency: item.currency },
        {
          start: end,
          end: periodEnd(end, target.recurring, end),
          price: target.price,
          quantity: item.quantity,
          currency: target.currency,
        },
      ],
      releasedAt: null,
    };
    this.#schedules.set(schedule.id, schedule);
    this.#pendingPrices.set(schedule.id, target);
    subscription.schedule = schedule.id;
    return [
      ...released,
      ...this.#sent(
        await this.#sendSchedule("subscription_schedule.created", schedule, subscription),
        await this.#sendUpdated(subscription, before),
      ),
    ];
  }

  /** The schedule lets go of its subscription, which keeps its current price. */
  async releaseSchedule(schedule: StoredSchedule): Promise<RecordedEvent[]> {
    if (schedule.status !== "active") {
      throw invalidRequest(
        `You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status. It must be in one of the following statuses: \`not_started\`, \`active\`.`,
      );
    }
    const subscription = this.#subscriptions.get(schedule.subscription);
    if (!subscription) throw new Error(`Schedule ${schedule.id} has no subscription`);
    const before = subscriptionJson(subscription);
    this.#release(schedule, subscription, unixNow());
    return this.#sent(
      await this.#sendSchedule("subscription_schedule.released", schedule, subscription),
      await this.#sendUpdated(subscription, before),
    );
  }

  /** The one item a plan change moves to another price; Stripe's portal changes one-item subscriptions only. */
  #changeable(subscription: StoredSubscription): SubscriptionItem {
    const [item, ...others] = subscription.items;
    if (!item || others.length > 0) {
      throw invalidRequest(`Subscription ${subscription.id} must have exactly one item to change its price.`, "items");
    }
    if (subscription.status !== "active" || subscription.cancelAtPeriodEnd) {
      throw invalidRequest(
        `Subscription ${subscription.id} is not active or is set to cancel: its plan cannot change.`,
      );
    }
    return item;
  }

  /**
   * At a period end, a schedule's second phase begins: the item takes its price (an interval
   * change restarts the anchor there). The stand-in's portal schedules have nothing after that
   * phase, so the schedule releases the subscription as the phase starts; the released schedule is returned.
   */
  #startNextPhase(subscription: StoredSubscription, at: number): StoredSchedule | null {
    const schedule = this.#schedules.get(subscription.schedule ?? "");
    const target = schedule ? this.#pendingPrices.get(schedule.id) : undefined;
    const [item] = subscription.items;
    if (schedule?.status !== "active" || !target || !item || schedule.phases[1].start > at) return null;
    if (target.recurring.interval !== subscription.interval.interval) subscription.anchor = at;
    setPrice(subscription, item, target);
    this.#release(schedule, subscription, at);
    return schedule;
  }

  #release(schedule: StoredSchedule, subscription: StoredSubscription, at: number): void {
    schedule.status = "released";
    schedule.releasedAt = at;
    this.#pendingPrices.delete(schedule.id);
    if (subscription.schedule === schedule.id) subscription.schedule = null;
  }

  #catalogueFields(priceId: string) {
    const price = this.#catalogue?.price(priceId);
    return price ? { lookupKey: price.lookupKey, priceMetadata: { ...price.metadata } } : {};
  }

  #newInvoice(
    subscription: StoredSubscription,
    customer: StoredCustomer,
    billingReason: StoredInvoice["billingReason"],
    lines: InvoiceLine[],
    periodStart: number,
    periodEnd: number,
  ): StoredInvoice {
    const invoice: StoredInvoice = {
      id: randomId("in"),
      number: `${customer.invoicePrefix}-${String(customer.nextInvoiceSequence).padStart(4, "0")}`,
      created: unixNow(),
      customer: customer.id,
      customerEmail: customer.email,
      subscription: subscription.id,
      subscriptionMetadata: { ...subscription.metadata },
      currency: subscription.currency,
      billingReason,
      status: "open",
      amountDue: amountDue(billingReason, lines, subscription),
      attemptCount: 0,
      paidAt: null,
      nextPaymentAttempt: null,
      periodStart,
      periodEnd,
      lines,
    };
    customer.nextInvoiceSequence += 1;
    this.#invoices.set(invoice.id, invoice);
    subscription.latestInvoice = invoice.id;
    return invoice;
  }

  #send(type: string, subscription: StoredSubscription): Promise<RecordedEvent | null> {
    return this.#webhooks.send(type, subscriptionJson(subscription), subscription.sessionId);
  }

  #sendUpdated(subscription: StoredSubscription, before: object): Promise<RecordedEvent | null> {
    const after = subscriptionJson(subscription);
    return this.#webhooks.send(
      "customer.subscription.updated",
      after,
      subscription.sessionId,
      previousAttributes(before, after),
    );
  }

  #sendSchedule(type: string, schedule: StoredSchedule, subscription: StoredSubscription) {
    return this.#webhooks.send(type, scheduleJson(schedule), subscription.sessionId);
  }

  #sendInvoice(type: string, invoice: StoredInvoice, subscription: StoredSubscription) {
    return this.#webhooks.send(type, invoiceJson(invoice), subscription.sessionId);
  }

  #sent(...events: (RecordedEvent | null)[]): RecordedEvent[] {
    return events.filter((e): e is RecordedEvent => e !== null);
  }
}

function invoiceLine(line: PricedLine, subscriptionItem: string | null, start: number, end: number): InvoiceLine {
  return { ...line, id: randomId("il"), subscriptionItem, periodStart: start, periodEnd: end };
}

function markPaid(invoice: StoredInvoice): void {
  invoice.status = "paid";
  invoice.attemptCount += 1;
  invoice.paidAt = unixNow();
  invoice.nextPaymentAttempt = null;
}

/** A first invoice bills every line; a renewal the recurring items; a plan change its proration (a credit is not paid out). */
function amountDue(reason: StoredInvoice["billingReason"], lines: InvoiceLine[], subscription: StoredSubscription) {
  if (reason === "subscription_cycle") return recurringTotal(subscription);
  return Math.max(0, invoiceTotal(lines));
}

/** The item moves to another price; the subscription's interval follows it. */
function setPrice(subscription: StoredSubscription, item: SubscriptionItem, target: PhasePrice): void {
  Object.assign(item, target, catalogued(target));
  subscription.interval = target.recurring;
}
