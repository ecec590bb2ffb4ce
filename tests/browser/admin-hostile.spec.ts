// The back office with what an attacker would type: a 5,000-character word, a 500-character
// e-mail-like string, a right-to-left override that makes "gnp.exe" read "exe.png", HTML and emoji,
// sent through the site's real endpoints. Every section at 375 and 1280 px: no sideways scroll,
// nothing runs or loads, the override shown as a marker, axe-clean. Screenshots in /tmp/admin-shots/.
import { mkdirSync } from "node:fs";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { BROWSER_ADMIN_PASSWORD } from "../support/secrets.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { inCart, pricingItem, quoteService } from "./support/cart.ts";

const SHOTS = "/tmp/admin-shots";
const SECTIONS = ["orders", "subscriptions", "quotes", "messages", "outbox"] as const;

function clientAddress(): string {
  const groups = Array.from(crypto.getRandomValues(new Uint16Array(6)), (n) => n.toString(16));
  return `2001:db8:${groups.join(":")}`;
}

/** The hostile strings, with a token of this run in every searchable field. */
function hostile(token: string) {
  const rlo = "\u202E";
  return {
    name: `Invoice ${token} ${rlo}gnp.exe <img src=x onerror=alert(1)> 🎉👩🏽‍💻`,
    // A valid address as long as the forms allow (254), one unbroken word.
    email: `${token}${"a".repeat(64 - token.length)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(50)}.example.com`,
    company: `${"W".repeat(190)}${token}`.slice(0, 200),
    message: [
      "L".repeat(5000),
      `${"e".repeat(480)}@${"x".repeat(10)}.example.com`,
      `<img src=x onerror=alert(1)> <script>alert(2)</script> ${rlo}gnp.exe 🎉🇰🇪`,
    ].join("\n"),
  };
}

/**
 * Seeds a contact message, a quote and a monthly plan's order with the hostile strings, through the
 * real endpoints; returns the order's payment page on the Stripe stand-in.
 */
async function seed(request: APIRequestContext, baseURL: string, token: string): Promise<string> {
  const text = hostile(token);
  const headers = () => ({ Origin: baseURL, "CF-Connecting-IP": clientAddress() });
  const contact = await request.post("/api/contact", {
    headers: headers(),
    data: {
      name: text.name,
      email: text.email,
      company: text.company,
      phone: "+254 700 000 000",
      message: text.message,
    },
  });
  expect(contact.status(), await contact.text()).toBe(201);

  const quote = await request.post("/quote", {
    headers: headers(),
    data: {
      services: [inCart(quoteService("e1"))],
      customer: { name: text.name, email: text.email, company: text.company },
    },
  });
  expect(quote.status()).toBe(200);

  const order = await request.post("/create-custom-payment", {
    headers: headers(),
    data: {
      services: [inCart(pricingItem("Business"))],
      customerInfo: {
        name: text.name,
        email: text.email,
        phone: "+254 700 000 000",
        company: text.company,
        address: `${"A".repeat(300)} \u202Edaor 1`,
        city: "Nairobi",
        state: "Nairobi County",
        zip: "00100",
        country: "Kenya",
      },
    },
  });
  expect(order.status(), await order.text()).toBe(200);
  const { url } = (await order.json()) as { url: string };
  return url;
}

async function openAdmin(browser: Browser, baseURL: string | undefined, width: number) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: 900 },
    httpCredentials: { username: "admin", password: BROWSER_ADMIN_PASSWORD },
  });
  const admin = await context.newPage();
  const dialogs: string[] = [];
  admin.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  // Nothing a visitor typed may load anything: <img src=x> would ask for /admin/x.
  const loaded: string[] = [];
  admin.on("request", (req) => {
    if (/\/x$/.test(new URL(req.url()).pathname)) loaded.push(req.url());
  });
  // The owner from one address all along: signed-in loads are not failed sign-ins, none is limited.
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": clientAddress() });
  const goto = async (path: string) => {
    const res = await admin.goto(path);
    expect(res?.status(), path).toBe(200);
  };
  return { admin, dialogs, loaded, goto, close: () => context.close() };
}

const WIDTHS = [375, 1280] as const;

/**
 * The page as it stands, at a phone's width and then at a desktop's (widened in place: the back
 * office's layout follows the width through CSS alone): nothing scrolls sideways, a screenshot of
 * each for a person to look at, and axe-core finds nothing.
 */
async function atBothWidths(admin: Page, name: string, check?: () => Promise<void>): Promise<void> {
  for (const width of WIDTHS) {
    await admin.setViewportSize({ width, height: 900 });
    const scrollWidth = await admin.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${name} at ${width} px`).toBeLessThanOrEqual(width);
    await check?.();
    await admin.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    await expectNoAxeViolations(admin);
  }
}

/**
 * Hostile rows of a run of their own (a contact message, a quote, and a monthly plan paid on the
 * Stripe stand-in) and the back office open at a phone's width once the subscription shows active.
 */
async function hostileBackOffice(browser: Browser, baseURL: string | undefined, request: APIRequestContext) {
  mkdirSync(SHOTS, { recursive: true });
  const token = `hx${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
  const payUrl = await seed(request, baseURL ?? "", token);
  const stripe = await browser.newPage();
  await stripe.goto(payUrl);
  await stripe.getByRole("button", { name: "Pay $375.00 (succeeds)" }).click();
  await stripe.waitForURL("**/checkout/success?session_id=*");
  await stripe.close();

  const admin = await openAdmin(browser, baseURL, WIDTHS[0]);
  await expect
    .poll(
      async () => {
        await admin.goto(`/admin/subscriptions?q=${token}`);
        return admin.admin
          .locator("tr[data-subscription-id] [data-status]")
          .getAttribute("data-status", { timeout: 1000 })
          .catch(() => null);
      },
      { timeout: 20_000, intervals: [1000, 2000] },
    )
    .toBe("active");
  return { token, ...admin };
}

test("every back-office section with hostile rows at 375 and 1280 px: no sideways scroll, nothing runs, overrides shown, axe-clean", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const { token, admin, dialogs, loaded, goto, close } = await hostileBackOffice(browser, baseURL, request);
  for (const section of SECTIONS) {
    await admin.setViewportSize({ width: WIDTHS[0], height: 900 });
    await goto(`/admin/${section}?q=${token}`);
    await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await admin.locator("[data-total]").textContent(), section).not.toMatch(/^0 /);
    await atBothWidths(admin, section, async () => {
      await expect(admin.locator('abbr[data-bidi-marker="RLO"]').first(), section).toBeVisible();
    });
  }
  expect(dialogs).toEqual([]);
  expect(loaded).toEqual([]);
  await close();
});

test("the owner's forms on hostile rows at 375 and 1280 px: answered, noted, found in People and exported, axe-clean", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const { token, admin, dialogs, loaded, goto, close } = await hostileBackOffice(browser, baseURL, request);
  // The hostile name reads as typed, the override a marker beside it.
  await goto(`/admin/messages?q=${token}`);
  const card = admin.locator("article[data-message-id]").first();
  await expect(card.locator("h2")).toContainText("RLOgnp.exe <img src=x onerror=alert(1)>");
  await expect(card.locator('abbr[title="right-to-left override"]').first()).toBeVisible();

  // The owner's own form: mark it answered (a same-origin post with the browser's credentials).
  await card.getByRole("button", { name: /^Mark answered \(message \d+\)$/ }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/messages\\?q=${token}#message-\\d+$`));
  const answered = admin.locator("article[data-message-id]").first();
  await expect(answered).toContainText("by admin");
  await answered.locator("details[data-audit] summary").click();
  await expect(answered.locator("details[data-audit] li").first()).toContainText("Marked answered by admin");
  await atBothWidths(admin, "messages-answered");

  // A note with the same text on the order.
  await admin.setViewportSize({ width: WIDTHS[0], height: 900 });
  await goto(`/admin/orders?q=${token}`);
  const order = admin.locator("tbody[data-order]").first();
  await order.getByLabel("Add a private note").fill(hostile(token).name);
  await order.getByRole("button", { name: "Add note" }).click();
  await expect(admin.locator("tbody[data-order] li[data-note-id]").first()).toContainText("gnp.exe");
  await atBothWidths(admin, "orders-with-note");

  // The People section finds the same person, with the running subscription holding off erasure.
  await admin.setViewportSize({ width: WIDTHS[0], height: 900 });
  await goto(`/admin/people?email=${encodeURIComponent(hostile(token).email.toUpperCase())}`);
  await expect(admin.locator('[data-count="orders"]')).toHaveText("(1)");
  await expect(admin.locator('[data-count="messages"]')).toHaveText("(1)");
  await expect(admin.locator('abbr[data-bidi-marker="RLO"]').first()).toBeVisible();
  await expect(admin.locator('[data-erase-blocked="subscription"]')).toBeVisible();
  await atBothWidths(admin, "people");
  await admin.setViewportSize({ width: WIDTHS[0], height: 900 });
  const download = admin.waitForEvent("download");
  await admin.getByRole("button", { name: "Download the export" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
  await goto("/admin/people");
  await expect(admin.locator('[data-request="person.exported"]').first()).toBeVisible();

  expect(dialogs).toEqual([]);
  expect(loaded).toEqual([]);
  await close();
});
