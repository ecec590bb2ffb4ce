// /v1/webhook_endpoints: where Stripe sends an account's events, as `npm run setup` creates and
// updates the site's one. The stand-in only keeps them (its own events go to the URL it was
// started with); the signing secret is shown once, in the create's answer, as Stripe does.
import { randomBytes } from "node:crypto";
import { pageParams } from "./catalogue-params.ts";
import { found, invalidRequest } from "./errors.ts";
import { type FormObject, type FormValue, parseForm } from "./form.ts";
import { listJson } from "./lists.ts";
import {
  allowOnly,
  boolean,
  checkMetadata,
  checkUrl,
  mergeMetadata,
  nonEmpty,
  optional,
  requiredString,
  stringArray,
  text,
} from "./params.ts";
import { randomId, unixNow } from "./sessions.ts";

/**
 * Stripe's example webhook_endpoint (openapi/fixtures3.json of stripe/openapi at commit f6c2a48f,
 * the same file as fixtures.json's objects), unchanged: every answer starts from it.
 */
const WEBHOOK_ENDPOINT_FIXTURE = {
  api_version: null,
  application: null,
  created: 1234567890,
  description: "This is my webhook, I like it a lot",
  enabled_events: ["charge.failed", "charge.succeeded"],
  id: "we_1Pgc6yB7WZ01zgkWzAudq4eU",
  livemode: false,
  metadata: {},
  object: "webhook_endpoint",
  status: "enabled",
  url: "https://example.com/my/webhook/endpoint",
};

type StoredEndpoint = {
  id: string;
  created: number;
  url: string;
  enabledEvents: string[];
  description: string | null;
  metadata: Record<string, string>;
  apiVersion: string | null;
  disabled: boolean;
};

/** An event type as Stripe spells them (`invoice.paid`, `checkout.session.completed`) or `*`. */
const EVENT_TYPE = /^(\*|[a-z_]+(\.[a-z_]+)+)$/;

export class WebhookEndpoints {
  /** Newest first, as Stripe lists them. */
  private readonly endpoints: StoredEndpoint[] = [];

  get(id: string): StoredEndpoint | undefined {
    return this.endpoints.find((endpoint) => endpoint.id === id);
  }

  all(): StoredEndpoint[] {
    return [...this.endpoints];
  }

  add(endpoint: StoredEndpoint): void {
    this.endpoints.unshift(endpoint);
  }
}

type Request = { method: string; url: URL; body: string };

/** Answers a webhook endpoint call, or null when the path is not one of them. */
export function webhookEndpointApi(endpoints: WebhookEndpoints, request: Request): unknown | null {
  const { method, url } = request;
  if (url.pathname === "/v1/webhook_endpoints") {
    if (method === "POST") return createEndpoint(endpoints, parseForm(request.body));
    if (method === "GET") {
      const query = parseForm(url.search.slice(1));
      allowOnly(query, ["limit", "starting_after", "ending_before"], "");
      return listJson(endpoints.all(), pageParams(query), "/v1/webhook_endpoints", endpointJson, "webhook_endpoint");
    }
  }
  const match = /^\/v1\/webhook_endpoints\/([A-Za-z0-9_]+)$/.exec(url.pathname);
  if (!match?.[1]) return null;
  const stored = found(endpoints.get(match[1]), "webhook_endpoint", match[1]);
  if (method === "GET") return endpointJson(stored);
  if (method === "POST") return updateEndpoint(stored, parseForm(request.body));
  return null;
}

function createEndpoint(endpoints: WebhookEndpoints, form: FormObject) {
  allowOnly(form, ["url", "enabled_events", "description", "metadata", "api_version"], "");
  const url = checkUrl(requiredString(form, "url", "url"), "url");
  if (form.enabled_events === undefined)
    throw invalidRequest("Missing required param: enabled_events.", "enabled_events");
  const endpoint: StoredEndpoint = {
    id: randomId("we"),
    created: unixNow(),
    url,
    enabledEvents: enabledEvents(form.enabled_events),
    description: optional(form.description, (v) => text(v, "description")) || null,
    metadata: checkMetadata(form.metadata, "metadata"),
    apiVersion: optional(form.api_version, (v) => nonEmpty(v, "api_version")) ?? null,
    disabled: false,
  };
  endpoints.add(endpoint);
  return { ...endpointJson(endpoint), secret: `whsec_${randomBytes(24).toString("base64url")}` };
}

function updateEndpoint(stored: StoredEndpoint, form: FormObject) {
  allowOnly(form, ["url", "enabled_events", "description", "metadata", "disabled"], "");
  if (form.url !== undefined) stored.url = checkUrl(nonEmpty(form.url, "url"), "url");
  if (form.enabled_events !== undefined) stored.enabledEvents = enabledEvents(form.enabled_events);
  if (form.description !== undefined) stored.description = text(form.description, "description") || null;
  if (form.disabled !== undefined) stored.disabled = boolean(form.disabled, "disabled");
  stored.metadata = mergeMetadata(stored.metadata, form.metadata, "metadata");
  return endpointJson(stored);
}

/** At least one event type, each spelt as Stripe's are; `*` (every event) stands alone. */
function enabledEvents(value: FormValue): string[] {
  const events = stringArray(value, "enabled_events");
  if (events.length === 0) throw invalidRequest("You must specify at least one event type.", "enabled_events");
  events.forEach((event, i) => {
    if (!EVENT_TYPE.test(event)) throw invalidRequest(`Invalid enabled_events[${i}]: ${event}`, `enabled_events[${i}]`);
  });
  return [...new Set(events)];
}

function endpointJson(endpoint: StoredEndpoint) {
  return {
    ...structuredClone(WEBHOOK_ENDPOINT_FIXTURE),
    id: endpoint.id,
    api_version: endpoint.apiVersion,
    created: endpoint.created,
    description: endpoint.description,
    enabled_events: [...endpoint.enabledEvents],
    metadata: { ...endpoint.metadata },
    status: endpoint.disabled ? "disabled" : "enabled",
    url: endpoint.url,
  };
}
