// The back office's Subscriptions with M-Pesa plans: how each is paid, when it is next due, and its
// months (paid, prompted, failed); the buyer's own changes on their order's trail.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { openAsOwner } from "./support/admin-forms.ts";
import { makeOrder } from "./support/factories.ts";
import { answer, dueDays, nairobiAt, planPrompts, runCron, startPlan } from "./support/mpesa-plans.ts";

describe("Subscriptions in the back office", () => {
  it("shows an M-Pesa plan's channel, next due date and months, found by its reference", async () => {
    const { plan } = await startPlan();
    const { due } = dueDays(plan);
    await runCron(nairobiAt(due, "09:05"));
    const [prompt] = await planPrompts(plan.reference);
    await answer(prompt ?? { checkout_request_id: "" }, 1);

    const page = await openAsOwner(`/admin/subscriptions?q=${encodeURIComponent(plan.reference.toLowerCase())}`);
    expect(page.status).toBe(200);
    const row = page.document.querySelector(`tr[data-subscription-id="${plan.subscription_id}"]`);
    expect(row).not.toBeNull();
    expect(row?.querySelector("[data-channel]")?.getAttribute("data-channel")).toBe("mpesa");
    expect(row?.textContent).toContain(plan.reference);
    expect(row?.querySelector("[data-next-due]")?.getAttribute("data-next-due")).toBe(due);
    const months = [...(row?.querySelectorAll("[data-month]") ?? [])];
    expect(months.map((m) => m.getAttribute("data-month-status"))).toEqual(["due", "paid"]);
    expect(months[0]?.getAttribute("data-month")).toBe(due);
    expect(months[0]?.textContent).toContain("1 prompt, 1 failed");
    expect(months[0]?.textContent).toContain("insufficient");
  }, 30_000);

  it("a card plan says Card and has no months", async () => {
    const orderId = await makeOrder({ mode: "subscription", status: "paid", customer_name: "Card Buyer" });
    const subscriptionId = `sub_test${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`;
    await env.DB.prepare(
      "INSERT INTO subscriptions (subscription_id, order_id, customer_id, status, current_period_end) VALUES (?, ?, 'cus_x', 'active', ?)",
    )
      .bind(subscriptionId, orderId, new Date(Date.now() + 86_400_000 * 20).toISOString())
      .run();
    const page = await openAsOwner(`/admin/subscriptions?q=${subscriptionId}`);
    const row = page.document.querySelector(`tr[data-subscription-id="${subscriptionId}"]`);
    expect(row?.querySelector("[data-channel]")?.getAttribute("data-channel")).toBe("card");
    expect(row?.textContent).toContain("Renews");
    expect(row?.querySelector("[data-months]")).toBeNull();
    expect(row?.querySelector("[data-next-due]")).toBeNull();
  });
});
