import { createHmac } from "node:crypto";
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
  sessionId: string;
  /** The exact body that was (or would have been) sent, and its Stripe-Signature header. */
  payload: string;
  signature: string;
  /** The site's HTTP status, the network error, or null when no url is configured. */
  delivery: { status: number } | { error: string } | null;
};

/** Long enough for a cold `wrangler dev`; the test payment page waits for the delivery. */
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Stripe's signature scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`, keyed
 * with the whole signing secret. The site checks it with stripe.webhooks.constructEventAsync.
 */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/** A snapshot event as Stripe sends it: the session as it is now, under data.object. */
export function eventPayload(id: string, type: string, session: object): string {
  return JSON.stringify(
    {
      id,
      object: "event",
      api_version: null,
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    },
    null,
    2,
  );
}

/** Signs, records and (when a url is set) delivers the stand-in's events, one attempt each. */
export class WebhookSender {
  readonly #options: WebhookOptions;
  readonly #events: RecordedEvent[] = [];

  constructor(options: WebhookOptions) {
    this.#options = options;
  }

  events(): RecordedEvent[] {
    return [...this.#events];
  }

  async send(type: string, session: { id: string }): Promise<RecordedEvent | null> {
    const { secret, url } = this.#options;
    if (!secret) return null;
    const id = randomId("evt_test");
    const payload = eventPayload(id, type, session);
    const event: RecordedEvent = {
      id,
      type,
      sessionId: session.id,
      payload,
      signature: signatureHeader(payload, secret),
      delivery: null,
    };
    this.#events.push(event);
    if (url) event.delivery = await deliver(url, event);
    return event;
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
