import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deliver, payAtStandin, placeOrder, SITE, sitePost, standinEvents } from "./support/orders.ts";
import { recordedCreates, standinUrl } from "./support/payment.ts";

/**
 * Every form key the worker may send Stripe, per call: the compile-time check is the SDK's own
 * parameter types (services/stripe.ts passes Stripe.Checkout.SessionCreateParams and the portal's
 * create params); this is the run-time one, over what the stand-in actually received.
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
    /^line_items\[\d+\]\[price_data\]\[(currency|unit_amount)\]$/,
    /^line_items\[\d+\]\[price_data\]\[recurring\]\[interval\]$/,
    /^line_items\[\d+\]\[price_data\]\[product_data\]\[(name|description)\]$/,
    /^line_items\[\d+\]\[price_data\]\[product_data\]\[metadata\]\[catalogue_id\]$/,
  ],
  "/v1/billing_portal/sessions": [/^customer$/, /^return_url$/],
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
  });
});
