import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { insertOrder } from "../../src/orders/orders.ts";
import { orderItems, orderRow, placeOrder, standinEvents } from "./support/orders.ts";
import { cartItem, customer, failingStandinUrl, postPayment, postPaymentWith, standinUrl } from "./support/payment.ts";

async function ordersFor(email: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE customer_email = ?")
    .bind(email)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("POST /create-custom-payment records the order", () => {
  it("stores a pending order under the session id, with the customer and the catalogue prices charged", async () => {
    const before = Date.now();
    const { sessionId: orderId, customer: info } = await placeOrder(["s1", "e1"]);

    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      order_id: orderId,
      mode: "payment",
      status: "pending",
      customer_name: info.name,
      customer_email: info.email,
      customer_phone: info.phone,
      customer_company: info.company,
      address: info.address,
      city: info.city,
      state: info.state,
      zip: info.zip,
      country: info.country,
      currency: "usd",
      total_cents: 15_000 + 2_000,
      paid_at: null,
    });
    const created = Date.parse(order?.created_at ?? "");
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(created).toBeLessThanOrEqual(Date.now() + 1000);

    expect(await orderItems(orderId)).toEqual([
      {
        order_id: orderId,
        item_id: "s1",
        name: "Network Assessment",
        category: "Networking",
        unit_amount_cents: 15_000,
        quantity: 1,
        recurring: 0,
      },
      {
        order_id: orderId,
        item_id: "e1",
        name: "Basic Troubleshooting Session",
        category: "Support",
        unit_amount_cents: 2_000,
        quantity: 1,
        recurring: 0,
      },
    ]);
  });

  it("records a subscription order with its monthly line marked recurring and quantities kept", async () => {
    const info = customer({ company: "" });
    const res = await postPayment({
      services: [cartItem("pricing-business"), cartItem("pricing-quick-tech-fix", { quantity: 3 })],
      customerInfo: info,
    });
    expect(res.status).toBe(200);
    const orderId = res.json?.url?.split("/pay/")[1] ?? "";
    const order = await orderRow(orderId);
    expect(order?.mode).toBe("subscription");
    expect(order?.customer_company).toBeNull();
    expect(order?.total_cents).toBe(37_500 + 3 * 5_000);
    const items = await orderItems(orderId);
    expect(items.map((i) => [i.item_id, i.quantity, i.unit_amount_cents, i.recurring])).toEqual([
      ["pricing-business", 1, 37_500, 1],
      ["pricing-quick-tech-fix", 3, 5_000, 0],
    ]);
  });

  it("records nothing when Stripe fails", async () => {
    const info = customer();
    const res = await postPaymentWith(
      { STRIPE_API_BASE: failingStandinUrl() },
      {
        services: [cartItem("s1")],
        customerInfo: info,
      },
    );
    expect(res.status).toBe(502);
    expect(await ordersFor(info.email)).toBe(0);
  });

  it("records nothing for a refused cart", async () => {
    const info = customer();
    const res = await postPayment({ services: [cartItem("s1", { price: 1 })], customerInfo: info });
    expect(res.status).toBe(409);
    expect(await ordersFor(info.email)).toBe(0);
  });

  it("hands out no payment url when the order cannot be stored, and closes the session at Stripe", async () => {
    const info = customer();
    const res = await postPaymentWith({ DB: undefined }, { services: [cartItem("s1")], customerInfo: info });

    expect(res.status).toBe(503);
    expect(res.json).toEqual({
      error:
        "We could not record your order, so no payment was started and nothing was charged. Please try again in a moment.",
    });
    expect(res.text).not.toContain("cs_test_");
    expect(await ordersFor(info.email)).toBe(0);

    // The session Stripe created for it was expired, so nobody can pay it later.
    const events = await (await fetch(`${standinUrl()}/__events`)).json();
    const expired = (events as { type: string; payload: string }[]).filter(
      (e) => e.type === "checkout.session.expired" && JSON.parse(e.payload).data.object.customer_email === info.email,
    );
    expect(expired).toHaveLength(1);
    const orderId = JSON.parse(expired[0]?.payload ?? "{}").data.object.id as string;
    expect((await standinEvents(orderId)).map((e) => e.type)).toEqual(["checkout.session.expired"]);
  });
});

describe("the order repository", () => {
  it("writes an order and its lines all or nothing", async () => {
    const orderId = `cs_test_atomic${crypto.randomUUID().replaceAll("-", "")}`;
    const order = {
      orderId,
      orderRef: crypto.randomUUID(),
      mode: "payment" as const,
      customer: customer(),
      items: [
        {
          id: "s1",
          name: "Network Assessment",
          category: "Networking",
          unitAmountCents: 15_000,
          quantity: 1,
          recurring: false,
        },
        // Breaks the order_items CHECK (quantity 1-99): the whole batch must roll back.
        {
          id: "e1",
          name: "Basic Troubleshooting Session",
          category: "Support",
          unitAmountCents: 2_000,
          quantity: 500,
          recurring: false,
        },
      ],
      totalCents: 1_015_000,
    };
    await expect(insertOrder(env.DB, order)).rejects.toThrow();
    expect(await orderRow(orderId)).toBeNull();
    expect(await orderItems(orderId)).toEqual([]);
  });
});
