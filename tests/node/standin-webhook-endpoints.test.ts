// The stand-in's /v1/webhook_endpoints, through the Stripe SDK as npm run setup calls it.
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type StripeStandin, startStripeStandin } from "../../scripts/stripe-standin/server.ts";
import { stripeClient } from "../../scripts/stripe-sync/config.ts";

let standin: StripeStandin;
let stripe: Stripe;
beforeEach(async () => {
  standin = await startStripeStandin({ port: 0 });
  stripe = stripeClient({ key: "sk_test_endpoints", apiBase: new URL(standin.url) });
});
afterEach(() => standin.close());

const URL_A = "https://acacia-it.example/stripe/webhook";

describe("the stand-in's webhook endpoints", () => {
  it("shows the signing secret once, on create, and never again", async () => {
    const created = await stripe.webhookEndpoints.create({
      url: URL_A,
      enabled_events: ["invoice.paid", "checkout.session.completed"],
      api_version: Stripe.API_VERSION,
    });
    expect(created).toMatchObject({
      object: "webhook_endpoint",
      url: URL_A,
      enabled_events: ["invoice.paid", "checkout.session.completed"],
      status: "enabled",
      api_version: Stripe.API_VERSION,
      livemode: false,
    });
    expect(created.id).toMatch(/^we_/);
    expect(created.secret).toMatch(/^whsec_/);
    expect((await stripe.webhookEndpoints.retrieve(created.id)).secret).toBeUndefined();
    expect((await stripe.webhookEndpoints.list()).data.map((e) => [e.id, e.secret])).toEqual([[created.id, undefined]]);
  });

  it("lists newest first, in pages the SDK follows", async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      ids.push((await stripe.webhookEndpoints.create({ url: `${URL_A}?n=${n}`, enabled_events: ["invoice.paid"] })).id);
    }
    const page = await stripe.webhookEndpoints.list({ limit: 2 });
    expect([page.data.map((e) => e.id), page.has_more]).toEqual([[ids[2], ids[1]], true]);
    const all: string[] = [];
    for await (const endpoint of stripe.webhookEndpoints.list({ limit: 1 })) all.push(endpoint.id);
    expect(all).toEqual([...ids].reverse());
  });

  it("updates the events, the URL and whether it is disabled", async () => {
    const { id } = await stripe.webhookEndpoints.create({ url: URL_A, enabled_events: ["invoice.paid"] });
    const updated = await stripe.webhookEndpoints.update(id, {
      enabled_events: ["invoice.paid", "invoice.payment_failed"],
      url: "https://acacia-it.example/stripe/webhook2",
      disabled: true,
    });
    expect(updated).toMatchObject({
      enabled_events: ["invoice.paid", "invoice.payment_failed"],
      url: "https://acacia-it.example/stripe/webhook2",
      status: "disabled",
    });
    expect(updated.secret).toBeUndefined();
    expect((await stripe.webhookEndpoints.update(id, { disabled: false })).status).toBe("enabled");
  });

  it("refuses what Stripe refuses, with the parameter at fault", async () => {
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (err: Stripe.errors.StripeError) => [err.statusCode, err.param, err.code ?? null],
      );
    expect(await refusal(stripe.webhookEndpoints.create({ url: URL_A, enabled_events: [] }))).toEqual([
      400,
      "enabled_events",
      null,
    ]);
    const bad = ["not an event"] as unknown as Stripe.WebhookEndpointCreateParams.EnabledEvent[];
    expect(await refusal(stripe.webhookEndpoints.create({ url: URL_A, enabled_events: bad }))).toEqual([
      400,
      "enabled_events[0]",
      null,
    ]);
    expect(await refusal(stripe.webhookEndpoints.create({ url: "nowhere", enabled_events: ["invoice.paid"] }))).toEqual(
      [400, "url", "url_invalid"],
    );
    expect(await refusal(stripe.webhookEndpoints.update("we_missing", { disabled: true }))).toEqual([
      400,
      "id",
      "resource_missing",
    ]);
  });

  it("records the creates, updates and lists in /__requests", async () => {
    const { id } = await stripe.webhookEndpoints.create({ url: URL_A, enabled_events: ["invoice.paid"] });
    await stripe.webhookEndpoints.update(id, { enabled_events: ["invoice.paid", "invoice.payment_failed"] });
    await stripe.webhookEndpoints.list({ limit: 100 });
    const recorded = (await (await fetch(`${standin.url}/__requests`)).json()) as { method: string; path: string }[];
    expect(recorded.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v1/webhook_endpoints",
      `POST /v1/webhook_endpoints/${id}`,
      "GET /v1/webhook_endpoints",
    ]);
  });
});
