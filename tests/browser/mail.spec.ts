import { type Browser, expect, type Page, test } from "@playwright/test";
import { BROWSER_ADMIN_PASSWORD, TEST_OWNER_EMAIL } from "../support/secrets.ts";
import { fillCustomer, inCart, quoteService, seedCart, validCustomer } from "./support/cart.ts";
import { waitForIsland } from "./support/islands.ts";

test.use({ viewport: { width: 1280, height: 800 } });

function clientAddress(): string {
  const groups = Array.from(crypto.getRandomValues(new Uint16Array(6)), (n) => n.toString(16));
  return `2001:db8:${groups.join(":")}`;
}

/** A client address of its own for the rate-limited endpoints (see orders.spec.ts). */
function ownClientAddress(page: Page): Promise<void> {
  return page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientAddress() });
}

/**
 * Every signed-in request counts against the sign-in limiter (10 a minute per client): the admin
 * page takes a new address before each load, so polling neither waits on it nor uses up the
 * allowance of the other tests, which share the address-less bucket.
 */
function freshAdminAddress(admin: Page): Promise<void> {
  return admin.context().setExtraHTTPHeaders({ "CF-Connecting-IP": clientAddress() });
}

/** A context signed in to /admin, as the owner's browser is after the Basic auth prompt. */
async function openAdmin(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    httpCredentials: { username: "admin", password: BROWSER_ADMIN_PASSWORD },
    extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() },
  });
  const admin = await context.newPage();
  const res = await admin.goto("/admin");
  expect(res?.status()).toBe(200);
  return admin;
}

type Mail = { kind: string; recipient: string; status: string; id: string };

/** The outbox rows on the admin page, as the owner reads them. */
function outboxRows(admin: Page, related: string): Promise<Mail[]> {
  return admin.locator("tr[data-outbox-id]").evaluateAll(
    (rows, link) =>
      rows
        .filter((row) => row.querySelector(`a[href="${link}"]`))
        .map((row) => ({
          kind: row.getAttribute("data-kind") ?? "",
          recipient: row.querySelector("td:nth-child(3)")?.textContent?.replace(/^To/, "").trim() ?? "",
          status: row.querySelector("[data-status]")?.getAttribute("data-status") ?? "",
          id: row.getAttribute("data-outbox-id") ?? "",
        })),
    related,
  );
}

const byKind = (a: Mail, b: Mail) => a.kind.localeCompare(b.kind);

test("a paid order and a contact message send their e-mails, listed as sent in /admin", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await ownClientAddress(page);
  const buyer = { ...validCustomer, name: "Wanjiru Kamau", email: `wanjiru-${crypto.randomUUID()}@example.co.ke` };

  // An order, paid on the stand-in's test page (its signed webhook marks it paid).
  await seedCart(page, [inCart(quoteService("s1"))]);
  await page.goto("/checkout");
  await waitForIsland(page, "Checkout");
  await fillCustomer(page, buyer);
  const paymentTab = context.waitForEvent("page");
  await page.getByRole("button", { name: "Pay $150.00" }).click();
  const stripe = await paymentTab;
  await stripe.waitForURL(/\/pay\/cs_test_/);
  const sessionId = stripe.url().match(/\/pay\/(cs_test_[A-Za-z0-9]+)/)?.[1] ?? "";
  expect(sessionId).not.toBe("");
  await stripe.getByRole("button", { name: "Pay $150.00" }).click();
  await stripe.waitForURL(`**/checkout/success?session_id=${sessionId}`);
  await expect(stripe.getByRole("heading", { level: 1 })).toHaveText("Payment Successful!");

  // A contact message through the real form.
  const sender = `kiprono-${crypto.randomUUID()}@example.co.ke`;
  const note = `Please quote a network audit for our Mombasa office. ${crypto.randomUUID()}`;
  await page.goto("/contact");
  await waitForIsland(page, "ContactForm");
  const form = page.locator("form[action='/api/contact']");
  await form.getByLabel("Full Name").fill("Kiprono Langat");
  await form.getByLabel("Email").fill(sender);
  await form.getByLabel("Message").fill(note);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Message Sent!", { exact: true })).toBeVisible();

  const admin = await openAdmin(browser, baseURL);
  await admin.goto("/admin/messages");
  const messageId = await admin
    .locator("article[data-message-id]")
    .filter({ hasText: note })
    .getAttribute("data-message-id");
  expect(messageId).not.toBeNull();

  // The queue's consumer sends asynchronously: reload until every e-mail is sent.
  const expectedOrderMails = [
    { kind: "order-confirmed", recipient: buyer.email, status: "sent" },
    { kind: "owner-new-order", recipient: TEST_OWNER_EMAIL, status: "sent" },
  ];
  const expectedContactMails = [
    { kind: "contact-ack", recipient: sender, status: "sent" },
    { kind: "owner-contact", recipient: TEST_OWNER_EMAIL, status: "sent" },
  ];
  // Each e-mail links to its order or message in that section, searched by its id.
  const orderLink = `/admin/orders?q=${sessionId}#order-${sessionId}`;
  const messageLink = `/admin/messages?q=%23${messageId}#message-${messageId}`;
  const strip = (mails: Mail[]) => mails.map(({ kind, recipient, status }) => ({ kind, recipient, status }));
  await expect
    .poll(
      async () => {
        await freshAdminAddress(admin);
        await admin.goto("/admin/outbox");
        return {
          order: strip((await outboxRows(admin, orderLink)).sort(byKind)),
          contact: strip((await outboxRows(admin, messageLink)).sort(byKind)),
        };
      },
      { timeout: 20_000, intervals: [500, 1000] },
    )
    .toEqual({ order: expectedOrderMails, contact: expectedContactMails });

  // Each row reads as the owner sees it: a label, the status word with its symbol, no Resend.
  const confirmed = admin.locator("tr[data-kind='order-confirmed']").filter({ hasText: buyer.email });
  await expect(confirmed).toContainText("Order confirmation to the buyer");
  await expect(confirmed.locator("[data-status]")).toHaveText("✓Sent");
  await expect(confirmed.locator("time[data-sent-at]")).toBeVisible();
  await expect(admin.locator("main").getByRole("button", { name: /Resend/ })).toHaveCount(0);

  // The owner e-mail's link (the order searched by its id in Orders) lands on the order's row.
  await freshAdminAddress(admin);
  await admin.goto(orderLink);
  await expect(admin.locator(`tr#order-${sessionId}`)).toBeInViewport();

  await freshAdminAddress(admin);
  await admin.goto("/admin/outbox");
  await admin.locator("main").screenshot({ path: "/tmp/admin-outbox-1280.png" });

  // The resend endpoint accepts the admin page's own form posts (Sec-Fetch-Site: same-origin, and
  // Origin: null under its no-referrer policy) with the Basic credentials the browser holds: a sent
  // e-mail is refused with 409 (not resent), never 403 or 401.
  const [sentId] = (await outboxRows(admin, orderLink)).map((mail) => mail.id);
  await freshAdminAddress(admin);
  const answer = admin.waitForResponse((res) => res.url().endsWith(`/admin/outbox/${sentId}/resend`));
  await admin.evaluate((action) => {
    const post = document.createElement("form");
    post.method = "post";
    post.action = action;
    document.body.append(post);
    post.submit();
  }, `/admin/outbox/${sentId}/resend`);
  expect((await answer).status()).toBe(409);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Nothing resent");
  await freshAdminAddress(admin);
  await admin.getByRole("link", { name: "Back to the e-mails" }).click();
  await expect(admin.locator(`tr#outbox-${sentId}`)).toBeInViewport();
  await admin.context().close();
});
