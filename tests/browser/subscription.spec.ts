import { type Browser, expect, type Page, test } from "@playwright/test";
import { BROWSER_ADMIN_PASSWORD } from "../support/secrets.ts";
import { BROWSER_STRIPE_STANDIN_URL } from "../support/stripe-standin-ports.ts";
import { fillCustomer, inCart, pricingItem, seedCart, validCustomer } from "./support/cart.ts";
import { waitForIsland } from "./support/islands.ts";

test.use({ viewport: { width: 1280, height: 800 } });

function clientAddress(): string {
  const groups = Array.from(crypto.getRandomValues(new Uint16Array(6)), (n) => n.toString(16));
  return `2001:db8:${groups.join(":")}`;
}

/** The stand-in's control endpoints play Stripe's side of the month: renewals, failures, the end. */
async function control(path: string): Promise<void> {
  const res = await fetch(`${BROWSER_STRIPE_STANDIN_URL}${path}`, { method: "POST" });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  await res.arrayBuffer();
}

async function subscriptionOf(sessionId: string): Promise<string> {
  const events = (await (await fetch(`${BROWSER_STRIPE_STANDIN_URL}/__events`)).json()) as {
    type: string;
    sessionId: string;
    objectId: string;
  }[];
  const created = events.find((e) => e.sessionId === sessionId && e.type === "customer.subscription.created");
  if (!created) throw new Error(`no subscription for ${sessionId}`);
  return created.objectId;
}

/** The owner's /admin, signed in; every load from an address of its own (the sign-in limiter). */
async function openAdmin(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    httpCredentials: { username: "admin", password: BROWSER_ADMIN_PASSWORD },
  });
  return context.newPage();
}

type OrderView = { subscription: string | null; payments: string[] };

async function orderView(admin: Page, sessionId: string): Promise<OrderView> {
  await admin.context().setExtraHTTPHeaders({ "CF-Connecting-IP": clientAddress() });
  await admin.goto("/admin");
  const row = admin.locator(`tr#order-${sessionId}`);
  return {
    subscription: await row.locator("[data-subscription-status]").getAttribute("data-subscription-status"),
    payments: await row
      .locator("li[data-payment-status]")
      .evaluateAll((items) =>
        items.map((li) => `${li.getAttribute("data-billing-reason")}:${li.getAttribute("data-payment-status")}`),
      ),
  };
}

test("a monthly plan for its whole life: bought, renewed, a renewal failing, cancelled in the portal, ended", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientAddress() });
  const buyer = { ...validCustomer, name: "Achieng Odhiambo", email: `achieng-${crypto.randomUUID()}@example.co.ke` };

  await seedCart(page, [inCart(pricingItem("Business"))]);
  await page.goto("/checkout");
  await waitForIsland(page, "Checkout");
  await fillCustomer(page, buyer);
  const paymentTab = context.waitForEvent("page");
  await page.getByRole("button", { name: "Pay $375.00" }).click();
  const stripe = await paymentTab;
  await stripe.waitForURL(/\/pay\/cs_test_/);
  const sessionId = stripe.url().match(/\/pay\/(cs_test_[A-Za-z0-9]+)/)?.[1] ?? "";
  await stripe.getByRole("button", { name: "Pay $375.00 (succeeds)" }).click();
  await stripe.waitForURL(`**/checkout/success?session_id=${sessionId}`);
  await expect(stripe.getByRole("heading", { level: 1 })).toHaveText("Payment Successful!");
  const subscriptionId = await subscriptionOf(sessionId);

  const admin = await openAdmin(browser, baseURL);
  const view = () => orderView(admin, sessionId);
  const poll = { timeout: 15_000, intervals: [300, 700, 1000] };
  await expect.poll(view, poll).toEqual({ subscription: "active", payments: ["subscription_create:paid"] });

  // A month passes and the renewal is paid.
  await control(`/__subscriptions/${subscriptionId}/advance?outcome=paid`);
  await expect
    .poll(view, poll)
    .toEqual({ subscription: "active", payments: ["subscription_create:paid", "subscription_cycle:paid"] });

  // The next month's card is declined: past due, the failure in the ledger.
  await control(`/__subscriptions/${subscriptionId}/advance?outcome=failed`);
  await expect.poll(view, poll).toEqual({
    subscription: "past_due",
    payments: ["subscription_create:paid", "subscription_cycle:paid", "subscription_cycle:failed"],
  });

  // The buyer opens the billing portal from the success page and cancels at the period's end.
  await stripe.reload();
  await stripe.getByRole("button", { name: "Manage your subscription" }).click();
  await expect(stripe.getByRole("heading", { level: 1 })).toHaveText("Your Billing Portal Is Ready");
  await stripe.getByRole("link", { name: "Continue to the billing portal" }).click();
  await expect(stripe.getByRole("heading", { level: 1 })).toHaveText("Test billing portal");
  await stripe.getByRole("button", { name: "Cancel at period end" }).click();
  const subscriptionLine = async () => {
    await view();
    return (await admin.locator(`tr#order-${sessionId} [data-subscription-status]`).textContent()) ?? "";
  };
  await expect.poll(subscriptionLine, poll).toMatch(/past due · cancels at period end/);

  // The period ends: the subscription is over; the order stays paid.
  await control(`/__subscriptions/${subscriptionId}/end`);
  await expect.poll(async () => (await view()).subscription, poll).toBe("canceled");
  await expect(admin.locator(`tr#order-${sessionId} [data-status]`).first()).toHaveAttribute("data-status", "paid");
  await admin.context().close();
});
