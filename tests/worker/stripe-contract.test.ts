import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deliver, payAtStandin, placeOrder, SITE, sitePost, standinEvents } from "./support/orders.ts";
import { recordedCreates, standinUrl } from "./support/payment.ts";

/**
 * Every form key the worker may send Stripe, per call: the compile-time check is the SDK's own
 * parameter types (providers/stripe.ts passes Stripe.Checkout.SessionCreateParams, the portal's
 * create params, and Stripe.PriceListParams and the portal configurations' list params for the
 * reads before them); this is the run-time one, over what the stand-in actually received (a
 * list's query counts as its form).
 */
const ALLOWED: Record<string, RegExp[]> = {
  "/v1/checkout/sessions": [
    /^mode$/,
    /^customer_email$/,
    /^client_reference_id$/,
    /^success_url$/,
    /^cancel_url$/,
    /^metadata\[(order_ref|item_ids(_\d+)?|customer_(name|email|phone|company|address|city|state|zip|country))\]$/,
    /^subscription_data\[metadata\]\[order_ref\]$/,
    /^line_items\[\d+\]\[quantity\]$/,
    // The synced catalogue's prices, never an ad-hoc price_data.
    /^line_items\[\d+\]\[price\]$/,
  ],
  "/v1/billing_portal/sessions": [/^customer$/, /^return_url$/, /^configuration$/],
  // GET: the prices a cart's lookup keys name (at most 10 keys a call), before the session.
  "/v1/prices": [/^lookup_keys\[\d\]$/, /^active$/, /^limit$/],
  // GET: the portal configuration the sync made, before the portal session.
  "/v1/billing_portal/configurations": [/^active$/, /^limit$/],
};

describe("what the worker sends Stripe", () => {
  it("uses only the parameters the site means to send, on every call the suite recorded", async () => {
    // One of each: a one-off order, a subscription, and the portal opened from its success page.
    await placeOrder(["s1"]);
    const { sessionId, payUrl } = await placeOrder(["pricing-business", "e1"]);
    await payAtStandin(payUrl);
    for (const e of await standinEvents(sessionId)) await deliver(e.payload, e.signature);
    const body = new URLSearchParams({ session_id: sessionId }).toString();
    const portal = await exports.default.fetch(
      `${SITE}/billing/order`,
      sitePost(body, "application/x-www-form-urlencoded"),
    );
    expect(portal.status).toBe(200);

    const recorded = await recordedCreates(standinUrl());
    const paths = new Set(recorded.map((r) => r.path));
    expect([...paths].sort()).toEqual(Object.keys(ALLOWED).sort());
    const strays = recorded.flatMap((r) =>
      Object.keys(r.form)
        .filter((key) => !(ALLOWED[r.path] ?? []).some((pattern) => pattern.test(key)))
        .map((key) => `${r.path} ${key}`),
    );
    expect(strays).toEqual([]);
    expect(recorded.every((r) => r.authorization && r.status < 500)).toBe(true);
    // The portal this test opened names the configuration the sync made (plan changes as our terms
    // say); billing-portal.test.ts's fallback, on the same stand-in, deliberately names none.
    const customerId = await env.DB.prepare("SELECT stripe_customer_id FROM orders WHERE order_id = ?")
      .bind(sessionId)
      .first<string>("stripe_customer_id");
    const portals = recorded.filter((r) => r.path === "/v1/billing_portal/sessions" && r.form.customer === customerId);
    expect(portals).toHaveLength(1);
    expect(portals[0]?.form.configuration).toMatch(/^bpc_/);
    // A list asks for no more keys than Stripe takes in one call.
    const lookups = recorded.filter((r) => r.path === "/v1/prices");
    expect(lookups.every((r) => Object.keys(r.form).filter((k) => k.startsWith("lookup_keys")).length <= 10)).toBe(
      true,
    );
    // Two orders, a payment, its events and the portal: several seconds on a loaded machine.
  }, 20_000);
});
