import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cartItem, customer, postPayment, recordedCreates, standinUrl } from "./support/payment.ts";
import { type ChargedLine, chargedLines, priceIdOf } from "./support/stripe-prices.ts";

/** The flat form fields of one line item, as Stripe receives them: the synced price of the lookup key. */
async function line(i: number, quantity: number, lookupKey: string) {
  const p = `line_items[${i}]`;
  return { [`${p}[quantity]`]: String(quantity), [`${p}[price]`]: await priceIdOf(lookupKey) };
}

/** What the lines charge, read from the prices they name: the catalogue's names, amounts and periods. */
async function expectCharged(form: Record<string, string>, expected: Partial<ChargedLine>[]) {
  const lines = await chargedLines(form);
  expect(lines).toEqual(expected.map((fields) => expect.objectContaining({ currency: "usd", ...fields })));
}

function customerFields(info: ReturnType<typeof customer>) {
  return {
    customer_email: info.email,
    "metadata[customer_name]": info.name,
    "metadata[customer_email]": info.email,
    "metadata[customer_phone]": info.phone,
    "metadata[customer_company]": info.company ?? "",
    "metadata[customer_address]": info.address,
    "metadata[customer_city]": info.city,
    "metadata[customer_state]": info.state,
    "metadata[customer_zip]": info.zip,
    "metadata[customer_country]": info.country,
  };
}

const urls = {
  success_url: "http://example.com/checkout/success?session_id={CHECKOUT_SESSION_ID}",
  cancel_url: "http://example.com/checkout",
};

async function onlyCreateFor(email: string) {
  const calls = await recordedCreates(standinUrl(), email);
  expect(calls).toHaveLength(1);
  const [call] = calls;
  if (!call) throw new Error("no call");
  return call;
}

/** The order's own reference, made before the session: the same value in both places. */
function orderRef(form: Record<string, string>): Record<string, string> {
  const ref = form.client_reference_id ?? "";
  expect(ref).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  return { client_reference_id: ref, "metadata[order_ref]": ref };
}

describe("POST /create-custom-payment with a valid cart", () => {
  it("creates a subscription session when the cart holds a monthly plan, one-time items on the first invoice", async () => {
    const info = customer();
    const res = await postPayment({
      services: [cartItem("pricing-business"), cartItem("pricing-quick-tech-fix", { quantity: 2 }), cartItem("e1")],
      customerInfo: info,
    });

    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^application\/json/);
    expect(Object.keys(res.json ?? {})).toEqual(["url"]);
    expect(res.json?.url).toMatch(new RegExp(`^${standinUrl()}/pay/cs_test_[A-Za-z0-9]+$`));

    const call = await onlyCreateFor(info.email);
    expect(call.authorization).toBe(true);
    expect(call.form).toEqual({
      mode: "subscription",
      ...(await line(0, 1, "plan-business-month")),
      ...(await line(1, 2, "service-pricing-quick-tech-fix")),
      ...(await line(2, 1, "service-e1")),
      ...customerFields(info),
      "metadata[item_ids]": "pricing-business,pricing-quick-tech-fix,e1",
      ...orderRef(call.form),
      // Stripe copies the subscription's metadata onto every invoice: renewals find the order by it.
      "subscription_data[metadata][order_ref]": call.form.client_reference_id,
      ...urls,
    });
    await expectCharged(call.form, [
      {
        catalogueId: "pricing-business",
        name: "Business",
        description: "Monthly Subscription",
        unitAmount: 37500,
        interval: "month",
        quantity: 1,
      },
      {
        catalogueId: "pricing-quick-tech-fix",
        name: "Quick Tech Fix",
        description: "One-Time Service",
        unitAmount: 5000,
        interval: null,
        quantity: 2,
      },
      {
        catalogueId: "e1",
        name: "Basic Troubleshooting Session",
        description: "Support",
        unitAmount: 2000,
        interval: null,
        quantity: 1,
      },
    ]);
    const row = await env.DB.prepare("SELECT order_ref FROM orders WHERE customer_email = ?").bind(info.email).first();
    expect(row?.order_ref).toBe(call.form.client_reference_id);
  });

  it("creates a one-time payment session when the cart holds no monthly plan", async () => {
    const info = customer({ company: "" });
    const res = await postPayment({
      services: [cartItem("p6"), cartItem("pricing-cybersecurity-audit", { quantity: 3 })],
      customerInfo: info,
    });
    expect(res.status).toBe(200);

    const call = await onlyCreateFor(info.email);
    const { "metadata[customer_company]": _absent, ...withoutCompany } = customerFields(info);
    expect(call.form).toEqual({
      mode: "payment",
      ...(await line(0, 1, "service-p6")),
      ...(await line(1, 3, "service-pricing-cybersecurity-audit")),
      ...withoutCompany,
      "metadata[item_ids]": "p6,pricing-cybersecurity-audit",
      ...orderRef(call.form),
      ...urls,
    });
    expect(Object.keys(call.form).some((k) => k.includes("recurring"))).toBe(false);
    await expectCharged(call.form, [
      {
        catalogueId: "p6",
        name: "24/7 Support Package (Annual)",
        description: "Support",
        unitAmount: 1_200_000,
        interval: null,
        quantity: 1,
      },
      {
        catalogueId: "pricing-cybersecurity-audit",
        name: "Cybersecurity Audit",
        description: "Add-On Service",
        unitAmount: 7500,
        interval: null,
        quantity: 3,
      },
    ]);
  });

  it("charges the catalogue's name and category, never the ones the browser sent", async () => {
    const info = customer();
    const res = await postPayment({
      services: [cartItem("s3", { name: "Free Laptop", category: "Gift", description: "<script>", tier: "entry" })],
      customerInfo: info,
    });
    expect(res.status).toBe(200);
    const call = await onlyCreateFor(info.email);
    await expectCharged(call.form, [
      { catalogueId: "s3", name: "Microsoft 365 Migration", description: "Migration", unitAmount: 35000, quantity: 1 },
    ]);
    expect(JSON.stringify(call.form)).not.toMatch(/Free Laptop|Gift|<script>/);
  });

  it("stores the trimmed customer details the form would have sent", async () => {
    const info = customer();
    const res = await postPayment({
      services: [cartItem("e2")],
      customerInfo: { ...info, name: "  Amina Otieno  ", city: " Nairobi " },
    });
    expect(res.status).toBe(200);
    const call = await onlyCreateFor(info.email);
    expect(call.form["metadata[customer_name]"]).toBe("Amina Otieno");
    expect(call.form["metadata[customer_city]"]).toBe("Nairobi");
  });

  it("sends a fresh idempotency key with every create", async () => {
    const info = customer();
    const body = { services: [cartItem("e3")], customerInfo: info };
    const first = await postPayment(body);
    const second = await postPayment(body);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.json?.url).not.toBe(second.json?.url);

    const calls = await recordedCreates(standinUrl(), info.email);
    expect(calls).toHaveLength(2);
    const keys = calls.map((c) => c.idempotencyKey);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(2);
  });

  it("builds success and cancel urls on the origin the request came to", async () => {
    const info = customer();
    const res = await postPayment(
      { services: [cartItem("e4")], customerInfo: info },
      { headers: { "Content-Type": "application/json; charset=utf-8" } },
    );
    expect(res.status).toBe(200);
    const call = await onlyCreateFor(info.email);
    expect(call.form.success_url).toBe("http://example.com/checkout/success?session_id={CHECKOUT_SESSION_ID}");
    expect(call.form.cancel_url).toBe("http://example.com/checkout");
  });

  it("returns a url whose test payment page pays and sends the visitor to /checkout/success with the session id", async () => {
    const info = customer();
    const res = await postPayment({ services: [cartItem("pricing-starter")], customerInfo: info });
    const payUrl = res.json?.url ?? "";
    const sessionId = payUrl.split("/pay/")[1];

    const page = await fetch(payUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("TEST payment page of the local Stripe stand-in");
    expect(html).toContain("Starter");
    expect(html).toContain("$150.00");
    expect(html).toContain('href="http://example.com/checkout"');

    const paid = await fetch(payUrl, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://example.com/checkout/success?session_id=${sessionId}`);

    const session = await fetch(`${standinUrl()}/v1/checkout/sessions/${sessionId}`, {
      headers: { Authorization: "Bearer sk_test_worker_tests" },
    });
    expect(await session.json()).toMatchObject({
      id: sessionId,
      object: "checkout.session",
      mode: "subscription",
      status: "complete",
      payment_status: "paid",
      amount_total: 15000,
      currency: "usd",
      customer_email: info.email,
    });
  });
});
