import { createHmac } from "node:crypto";
import { fixture } from "./fixtures.ts";
import { randomId } from "./sessions.ts";

export type WebhookOptions = {
  /** The signing secret (whsec_…) the site verifies with. Without it no event is made. */
  secret?: string;
  /** Where events are POSTed. Without it events are signed and recorded only (GET /__events). */
  url?: string;
};

/** One event the stand-in produced, as tests read it from GET /__events. */
export type RecordedEvent = {
  id: string;
  type: string;
  /** The Checkout Session the event belongs to; for billing events, the one that started the subscription. */
  sessionId: string;
  /** The id of data.object (the session, subscription or invoice). */
  objectId: string;
  created: number;
  /** The exact body that was (or would have been) sent, and its latest Stripe-Signature header. */
  payload: string;
  signature: string;
  /** The site's HTTP status, the network error, or null when no url is configured (or still held). */
  delivery: { status: number } | { error: string } | null;
  /** How many times it was sent (or released to a test, without a url): 2 after a redelivery. */
  deliveries: number;
  /** Recorded while webhooks were held and not sent yet (POST /__webhooks/release sends it). */
  held: boolean;
};

export type ReleaseOrder = "fifo" | "reverse";

/** Long enough for a cold `wrangler dev`; the test payment page waits for the delivery. */
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Stripe's signature scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`, keyed
 * with the whole signing secret. The site checks it with stripe.webhooks.constructEventAsync.
 */
function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/**
 * The top-level fields of `after` that differ from `before`, with their old values: what Stripe
 * puts in data.previous_attributes of a *.updated event.
 */
export function previousAttributes(before: object, after: object): Record<string, unknown> {
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(old)) {
    if (JSON.stringify(old[key]) !== JSON.stringify(now[key])) changed[key] = old[key];
  }
  return changed;
}

/** Signs, records and (when a url is set) delivers the stand-in's events, one attempt each. */
export class WebhookSender {
  readonly #options: WebhookOptions;
  readonly #events: RecordedEvent[] = [];
  #lastCreated = 0;
  #holding = false;

  constructor(options: WebhookOptions) {
    this.#options = options;
  }

  events(): RecordedEvent[] {
    return [...this.#events];
  }

  get(id: string): RecordedEvent | undefined {
    return this.#events.find((e) => e.id === id);
  }

  /** A snapshot event as Stripe sends it: the object as it is now, and for updates what changed. */
  async send(
    type: string,
    object: { id: string },
    sessionId: string,
    previous?: Record<string, unknown>,
  ): Promise<RecordedEvent | null> {
    const { secret } = this.#options;
    if (!secret) return null;
    // Sites order events by `created`; Stripe's clock never gives two of one object the same second here.
    const created = Math.max(Math.floor(Date.now() / 1000), this.#lastCreated + 1);
    this.#lastCreated = created;
    const id = randomId("evt_test");
    const payload = JSON.stringify(
      {
        ...fixture("event"),
        id,
        api_version: null,
        created,
        data: previous ? { object, previous_attributes: previous } : { object },
        livemode: false,
        pending_webhooks: 1,
        type,
      },
      null,
      2,
    );
    const event: RecordedEvent = {
      id,
      type,
      sessionId,
      objectId: object.id,
      created,
      payload,
      signature: signatureHeader(payload, secret),
      delivery: null,
      deliveries: 0,
      held: this.#holding,
    };
    this.#events.push(event);
    if (!event.held) await this.#deliver(event);
    return event;
  }

  /** From now on events are recorded but not sent, until release: for out-of-order delivery. */
  hold(): void {
    this.#holding = true;
  }

  /** Sends the held events, oldest first or newest first, and stops holding. */
  async release(order: ReleaseOrder): Promise<RecordedEvent[]> {
    this.#holding = false;
    const held = this.#events.filter((e) => e.held);
    if (order === "reverse") held.reverse();
    for (const event of held) {
      event.held = false;
      await this.#deliver(event);
    }
    return held;
  }

  /** Stripe's retry of a delivered event: same id and body, a fresh signature. */
  async redeliver(event: RecordedEvent): Promise<RecordedEvent> {
    event.held = false;
    await this.#deliver(event);
    return event;
  }

  async #deliver(event: RecordedEvent): Promise<void> {
    const { secret, url } = this.#options;
    // A signature older than the site's tolerance (300 s) is refused, so every send signs anew.
    if (secret) event.signature = signatureHeader(event.payload, secret);
    event.deliveries += 1;
    if (url) event.delivery = await deliver(url, event);
  }
}

async function deliver(url: string, event: RecordedEvent): Promise<RecordedEvent["delivery"]> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": event.signature,
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks) local-stand-in",
      },
      body: event.payload,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    if (!res.ok) console.error(`Stripe stand-in: webhook ${event.type} answered HTTP ${res.status} at ${url}`);
    return { status: res.status };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`Stripe stand-in: webhook ${event.type} could not be delivered to ${url}: ${message}`);
    return { error: message };
  }
}
