// Step 4: the Stripe webhook endpoint at SITE_URL/stripe/webhook, subscribed to exactly the events
// the worker handles (src/checkout/fulfilment.ts), found by its URL so a re-run changes nothing.
import Stripe from "stripe";

export type EndpointChange =
  | { kind: "create"; id: string | null; secret: string | null }
  | { kind: "update"; id: string; added: string[]; removed: string[]; enable: boolean }
  | { kind: "none"; id: string; apiVersion: string | null };

type EnabledEvent = Stripe.WebhookEndpointCreateParams.EnabledEvent;

export type EndpointOptions = {
  stripe: Stripe;
  url: string;
  events: readonly string[];
  dryRun: boolean;
  log: (line: string) => void;
};

export async function ensureWebhookEndpoint(options: EndpointOptions): Promise<EndpointChange> {
  const { stripe, url, dryRun, log } = options;
  const events = [...options.events].sort() as EnabledEvent[];
  const existing = await findEndpoint(stripe, url);
  if (!existing) {
    log(`${dryRun ? "would create" : "Creating"} the webhook endpoint ${url} (POST /v1/webhook_endpoints):`);
    log(`  ${events.join(", ")}`);
    if (dryRun) return { kind: "create", id: null, secret: null };
    // Events come in this API version's shapes, the ones the worker's SDK reads, whatever the
    // account's default version is.
    const created = await stripe.webhookEndpoints.create({
      url,
      enabled_events: events,
      api_version: Stripe.API_VERSION,
      description: "Acacia site: orders, payments and subscriptions (npm run setup)",
    });
    return { kind: "create", id: created.id, secret: created.secret ?? null };
  }
  const have = new Set(existing.enabled_events);
  const added = events.filter((event) => !have.has(event));
  const removed = existing.enabled_events.filter((event) => !events.includes(event as EnabledEvent));
  const enable = existing.status !== "enabled";
  if (!added.length && !removed.length && !enable) {
    log(`The webhook endpoint ${url} (${existing.id}) has the ${events.length} events the worker handles.`);
    return { kind: "none", id: existing.id, apiVersion: existing.api_version };
  }
  log(
    `${dryRun ? "would update" : "Updating"} the webhook endpoint ${existing.id} (POST /v1/webhook_endpoints/${existing.id}):`,
  );
  if (added.length) log(`  adding ${added.join(", ")}`);
  if (removed.length) log(`  removing ${removed.join(", ")}`);
  if (enable) log("  enabling it (it was disabled)");
  if (!dryRun) await stripe.webhookEndpoints.update(existing.id, { enabled_events: events, disabled: false });
  return { kind: "update", id: existing.id, added, removed, enable };
}

async function findEndpoint(stripe: Stripe, url: string): Promise<Stripe.WebhookEndpoint | null> {
  for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) {
    if (endpoint.url === url) return endpoint;
  }
  return null;
}
