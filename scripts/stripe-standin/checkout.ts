import type { Billing } from "./billing.ts";
import { invalidRequest } from "./errors.ts";
import type { PayOutcome } from "./pay-page.ts";
import { type SessionStore, type StoredSession, sessionJson } from "./sessions.ts";
import type { RecordedEvent, WebhookSender } from "./webhooks.ts";

/** Stripe's wait before a test bank debit settles is minutes; two seconds keeps local runs brisk. */
export const DEFAULT_SETTLE_DELAY_MS = 2_000;

/**
 * What paying a session on the test page does, outcome by outcome, and the events it sends in
 * Stripe's order. Stripe sends events on its own schedule; awaiting each delivery here keeps
 * local runs and tests deterministic (settled before the buyer lands on the success page).
 */
export class Checkout {
  readonly #sessions: SessionStore;
  readonly #billing: Billing;
  readonly #webhooks: WebhookSender;
  readonly #base: () => string;
  readonly #settleDelayMs: number | null;
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(deps: {
    sessions: SessionStore;
    billing: Billing;
    webhooks: WebhookSender;
    base: () => string;
    settleDelayMs: number | null;
  }) {
    this.#sessions = deps.sessions;
    this.#billing = deps.billing;
    this.#webhooks = deps.webhooks;
    this.#base = deps.base;
    this.#settleDelayMs = deps.settleDelayMs;
  }

  /** Pays (or fails to pay) an open session; a session that is no longer open is left as it is. */
  async pay(session: StoredSession, outcome: PayOutcome): Promise<RecordedEvent[]> {
    // A declined card leaves the session open, with nothing to tell the site.
    if (outcome === "card_declined") return [];
    const pending = outcome === "paid" ? null : outcome === "bank_debit_succeeds" ? "succeeds" : "fails";
    if (!this.#sessions.complete(session, pending)) return [];
    const events = session.params.mode === "subscription" ? await this.#billing.subscribe(session) : [];
    events.push(...(await this.#sendSession("checkout.session.completed", session)));
    if (pending && this.#settleDelayMs !== null) this.#settleLater(session, this.#settleDelayMs);
    return events;
  }

  /** The pending bank debit settles now, as the tester chose: async_payment_succeeded or _failed. */
  async settle(session: StoredSession): Promise<RecordedEvent[]> {
    const outcome = session.pending;
    if (!outcome) throw invalidRequest(`Session ${session.id} has no bank debit waiting to settle.`);
    session.pending = null;
    const succeeded = outcome === "succeeds";
    if (succeeded) session.paymentStatus = "paid";
    const subscription = this.#billing.subscription(session.subscription ?? "");
    const events = subscription ? await this.#billing.settleFirstInvoice(subscription, succeeded) : [];
    const type = succeeded ? "checkout.session.async_payment_succeeded" : "checkout.session.async_payment_failed";
    events.push(...(await this.#sendSession(type, session)));
    return events;
  }

  /** Stops the settle timers still waiting, so a closed stand-in sends nothing more. */
  close(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #settleLater(session: StoredSession, delayMs: number): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      // Settled already through POST /__sessions/:id/settle: nothing left to do.
      if (!session.pending) return;
      this.settle(session).catch((err: unknown) => console.error("Stripe stand-in: settling failed:", err));
    }, delayMs);
    this.#timers.add(timer);
  }

  async #sendSession(type: string, session: StoredSession): Promise<RecordedEvent[]> {
    const event = await this.#webhooks.send(type, sessionJson(session, this.#base()), session.id);
    return event ? [event] : [];
  }
}
