import { type Browser, expect, type Page, test } from "@playwright/test";
import { BROWSER_ADMIN_PASSWORD } from "../support/secrets.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { fillCustomer, inCart, quoteService, seedCart, storedCart, validCustomer } from "./support/cart.ts";
import { waitForIsland } from "./support/islands.ts";

test.use({ viewport: { width: 1280, height: 800 } });

/** An event as the stand-in records it (GET /__events). */
type StandinEvent = { sessionId: string; type: string; delivery: unknown };

/**
 * A client address of its own (documentation range) for the rate-limited endpoints: runs that
 * follow each other within a minute must not share one allowance. Cloudflare sets this header in
 * production; wrangler dev passes it through.
 */
function ownClientAddress(page: Page): Promise<void> {
  const groups = Array.from(crypto.getRandomValues(new Uint16Array(6)), (n) => n.toString(16));
  return page.setExtraHTTPHeaders({ "CF-Connecting-IP": `2001:db8:${groups.join(":")}` });
}

/** A context signed in to /admin, as the owner's browser is after the Basic auth prompt. */
async function openAdmin(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    httpCredentials: { username: "admin", password: BROWSER_ADMIN_PASSWORD },
  });
  const admin = await context.newPage();
  const res = await admin.goto("/admin");
  expect(res?.status()).toBe(200);
  return admin;
}

test("a purchase paid on the stand-in's test page: webhook delivered, success shown, paid in /admin", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await ownClientAddress(page);
  const buyer = { ...validCustomer, name: "Njeri Wambui", email: `njeri-${crypto.randomUUID()}@example.co.ke` };
  // 2 × Network Assessment ($150) + Basic Troubleshooting Session ($20) = $320.00
  await seedCart(page, [inCart(quoteService("s1"), 2), inCart(quoteService("e1"))]);
  await page.goto("/checkout");
  await waitForIsland(page, "Checkout");
  await fillCustomer(page, buyer);

  const paymentTab = context.waitForEvent("page");
  await page.getByRole("button", { name: "Pay $320.00" }).click();
  const stripe = await paymentTab;
  await stripe.waitForURL(/\/pay\/cs_test_/);
  await expect(stripe.getByText("TEST payment page of the local Stripe stand-in")).toBeVisible();
  const sessionId = stripe.url().match(/\/pay\/(cs_test_[A-Za-z0-9]+)/)?.[1] ?? "";
  const standin = new URL(stripe.url()).origin;
  expect(sessionId).not.toBe("");

  // The order exists, unpaid, before anyone pays.
  const before = await openAdmin(browser, baseURL);
  const beforeRow = before.locator(`tr[data-session-id="${sessionId}"]`);
  await expect(beforeRow.getByText("Checkout opened")).toBeVisible();
  await before.context().close();

  await stripe.getByRole("button", { name: "Pay $320.00" }).click();
  await stripe.waitForURL(`**/checkout/success?session_id=${sessionId}`);
  await expect(stripe.getByRole("heading", { level: 1 })).toHaveText("Payment Successful!");
  await expect(
    stripe.getByText(
      "Thank you for your order. We've received your payment and will contact you shortly to schedule your services.",
    ),
  ).toBeVisible();
  await expect.poll(() => storedCart(stripe)).toBeNull();

  // The stand-in delivered its signed event, and the site accepted it.
  const events = (await (await stripe.request.get(`${standin}/__events`)).json()) as StandinEvent[];
  expect(events.filter((e) => e.sessionId === sessionId).map((e) => [e.type, e.delivery])).toEqual([
    ["checkout.session.completed", { status: 200 }],
  ]);

  const admin = await openAdmin(browser, baseURL);
  const row = admin.locator(`tr[data-session-id="${sessionId}"]`);
  await expect(row.locator('[data-status="paid"]')).toHaveText("Paid");
  await expect(row).toContainText("Njeri Wambui");
  await expect(row).toContainText(buyer.email);
  await expect(row).toContainText("2 × Network Assessment @ $150.00");
  await expect(row).toContainText("1 × Basic Troubleshooting Session @ $20.00");
  await expect(row).toContainText("$320.00");
  // The buyer's e-mail and phone links, stacked in the cell, are touch targets: 24 px tall at least.
  for (const contact of await row.locator('a[href^="mailto:"], a[href^="tel:"]').all()) {
    const href = String(await contact.getAttribute("href"));
    expect((await contact.boundingBox())?.height, href).toBeGreaterThanOrEqual(24);
  }

  await expectNoAxeViolations(stripe);
  await expectNoAxeViolations(admin);
  await admin.setViewportSize({ width: 375, height: 740 });
  await expectNoAxeViolations(admin);
});

test("a contact message sent from /contact appears in /admin", async ({ page, browser, baseURL }) => {
  const note = `Can you audit our office network next week? ${crypto.randomUUID()}`;
  await ownClientAddress(page);
  await page.goto("/contact");
  await waitForIsland(page, "ContactForm");
  const form = page.locator("form[action='/api/contact']");
  await form.getByLabel("Full Name").fill("Otieno Ochieng");
  await form.getByLabel("Email").fill("otieno@example.co.ke");
  await form.getByLabel("Message").fill(note);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Message Sent!", { exact: true })).toBeVisible();

  const admin = await openAdmin(browser, baseURL);
  await admin.goto("/admin/messages");
  const card = admin.locator("article").filter({ hasText: note });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Otieno Ochieng");
  await expect(card).toContainText("otieno@example.co.ke");
});

test("/admin asks for the owner's credentials and refuses others", async ({ browser, baseURL }) => {
  const anonymous = await browser.newContext({ baseURL });
  const res = await anonymous.request.get("/admin");
  expect(res.status()).toBe(401);
  expect(res.headers()["www-authenticate"]).toBe('Basic realm="Acacia admin", charset="UTF-8"');
  await anonymous.close();

  const intruder = await browser.newContext({ baseURL, httpCredentials: { username: "admin", password: "guess" } });
  const page = await intruder.newPage();
  const answer = await page.goto("/admin");
  expect(answer?.status()).toBe(401);
  await expect(page.getByText("Orders and messages")).toHaveCount(0);
  await intruder.close();
});
