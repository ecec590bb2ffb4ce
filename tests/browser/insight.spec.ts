// The owner's Insight page in a browser (issue 36), read through the Analytics Engine SQL API
// stand-in the test site runs:
// - six visitors, each in a browser of their own, browse /pricing, add a service to the cart and
//   open /checkout; within a minute the page shows at least five more views and carts, and no
//   public page set a cookie (the issue's own check);
// - a crawler's views are not counted;
// - at a phone's and a desktop's width nothing scrolls sideways and axe-core finds nothing; the
//   period links work without JavaScript. Screenshots in $INSIGHT_SHOTS when it names a folder.
// One test at a time: the crawler's test counts a moment's views exactly, and every other file's
// browsers are headless (bots), so they never add to them.
import { mkdirSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { BROWSER_ADMIN_PASSWORD } from "../support/secrets.ts";
import { expectNoAxeViolations } from "./support/axe.ts";

const SHOTS = process.env.INSIGHT_SHOTS;
/** A browser's own user agent: Playwright's headless one is (rightly) counted as a bot. */
const BROWSER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const WIDTHS = [375, 1280] as const;

test.describe.configure({ mode: "serial" });

function clientAddress(): string {
  const groups = Array.from(crypto.getRandomValues(new Uint16Array(6)), (n) => n.toString(16));
  return `2001:db8:${groups.join(":")}`;
}

test("the Insight page reads well at 375 and 1280 px, axe-clean, its periods switched by plain links", async ({
  browser,
  baseURL,
}) => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  // A few visits, so the funnel and the tables have rows to lay out.
  for (const path of ["/pricing", "/", "/pricing"]) {
    const visitor = await browser.newContext({
      baseURL,
      userAgent: BROWSER_AGENT,
      extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() },
    });
    const page = await visitor.newPage();
    expect((await page.goto(path))?.status(), path).toBe(200);
    await visitor.close();
  }
  const owner = (javaScriptEnabled: boolean) =>
    browser.newContext({
      baseURL,
      javaScriptEnabled,
      httpCredentials: { username: "admin", password: BROWSER_ADMIN_PASSWORD },
      extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() },
    });

  // Without JavaScript: the period is a link like any other.
  const plain = await owner(false);
  const links = await plain.newPage();
  expect((await links.goto("/admin/insight"))?.status()).toBe(200);
  await expect(links.getByRole("heading", { level: 1, name: "Insight" })).toBeVisible();
  await expect(links.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
  await links.getByRole("link", { name: "Today" }).click();
  await expect(links).toHaveURL(/\/admin\/insight\?days=1$/);
  await expect(links.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
  await expect(links.getByRole("heading", { level: 2, name: "Funnel" })).toBeVisible();
  await plain.close();

  // axe runs in the page, so this one has JavaScript (the page itself needs none).
  const context = await owner(true);
  const admin = await context.newPage();
  expect((await admin.goto("/admin/insight?days=1"))?.status()).toBe(200);
  for (const width of WIDTHS) {
    await admin.setViewportSize({ width, height: 900 });
    const scrollWidth = await admin.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `at ${width} px`).toBeLessThanOrEqual(width);
    if (SHOTS) await admin.screenshot({ path: `${SHOTS}/insight-${width}.png`, fullPage: true });
    await expectNoAxeViolations(admin);
  }
  await context.close();
});

/** Phones and computers as Nairobi's buyers use them: six browsers, six visitors. */
const VISITOR_AGENTS = [
  "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 12; TECNO KH7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 14; Infinix X6833B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
];

async function openInsight(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    httpCredentials: { username: "admin", password: BROWSER_ADMIN_PASSWORD },
    extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() },
  });
  return context.newPage();
}

/** Today's page views and cart additions as the owner's page shows them. */
async function todaysCounts(admin: Page): Promise<{ views: number; carts: number }> {
  expect((await admin.goto("/admin/insight?days=1"))?.status()).toBe(200);
  const events = async (step: string) =>
    Number(await admin.locator(`[data-step="${step}"] [data-events]`).getAttribute("data-events"));
  return { views: await events("visitors"), carts: await events("carts") };
}

/**
 * Today's views and visitors from one referring host, or null when it is not listed: each test
 * sends its visitors from a host of its own, so other files' browsers (counted too, running
 * meanwhile) never change these figures.
 */
async function fromReferrer(admin: Page, host: string): Promise<{ views: number; visitors: number } | null> {
  expect((await admin.goto("/admin/insight?days=1"))?.status()).toBe(200);
  const row = admin.locator(`[data-panel="referrers"] tr[data-row="${host}"]`);
  if ((await row.count()) === 0) return null;
  return {
    views: Number(await row.locator("[data-views]").getAttribute("data-views")),
    visitors: Number(await row.locator("[data-visitors]").getAttribute("data-visitors")),
  };
}

/** A referring host of this run's own. */
const referrerHost = (what: string) => `${what}-${crypto.randomUUID().slice(0, 8)}.example`;

/** One visitor: /pricing (from `referrer`), a service into the cart, then /checkout; the cookies then held. */
async function browseAndAdd(browser: Browser, baseURL: string | undefined, userAgent: string, referrer: string) {
  const context = await browser.newContext({
    baseURL,
    userAgent,
    extraHTTPHeaders: { "CF-Connecting-IP": clientAddress() },
  });
  const page = await context.newPage();
  const pricing = await page.goto("/pricing", { referer: `https://${referrer}/links` });
  expect(pricing?.status()).toBe(200);
  expect(await pricing?.headerValue("set-cookie")).toBeNull();
  const beacon = page.waitForResponse((response) => response.url().endsWith("/insight/event"));
  await page.locator("button[data-add-to-cart]").first().click();
  expect((await beacon).status()).toBe(204);
  const checkout = await page.goto("/checkout");
  expect(checkout?.status()).toBe(200);
  expect(await checkout?.headerValue("set-cookie")).toBeNull();
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

test("six visitors' views and carts reach the owner's funnel within a minute, and no cookie is set", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await openInsight(browser, baseURL);
  const before = await todaysCounts(admin);
  const referrer = referrerHost("six-visitors");
  for (const agent of VISITOR_AGENTS) {
    expect(await browseAndAdd(browser, baseURL, agent, referrer)).toEqual([]);
  }
  await expect
    .poll(
      async () => {
        const now = await todaysCounts(admin);
        return Math.min(now.views - before.views, now.carts - before.carts);
      },
      { timeout: 60_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toBeGreaterThanOrEqual(5);
  // Each of the six, and only them, came from this host: six visitors, six views of /pricing.
  await expect.poll(() => fromReferrer(admin, referrer), { timeout: 30_000 }).toEqual({ views: 6, visitors: 6 });
  const after = await todaysCounts(admin);
  expect(after.views - before.views).toBeGreaterThanOrEqual(12);
  expect(after.carts - before.carts).toBeGreaterThanOrEqual(6);
});

test("a crawler's views are not counted", async ({ browser, baseURL }) => {
  const admin = await openInsight(browser, baseURL);
  const [crawlerFrom, personFrom] = [referrerHost("crawler"), referrerHost("person")];
  const crawler = await browser.newContext({
    baseURL,
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  });
  const page = await crawler.newPage();
  for (const path of ["/", "/pricing", "/about", "/faq"]) {
    expect((await page.goto(path, { referer: `https://${crawlerFrom}/` }))?.status()).toBe(200);
  }
  await crawler.close();
  // A person's view after them: once it shows, the crawler's (written before it) would have too.
  const person = await browser.newContext({ baseURL, userAgent: VISITOR_AGENTS[0] });
  expect((await (await person.newPage()).goto("/services", { referer: `https://${personFrom}/` }))?.status()).toBe(200);
  await person.close();
  await expect.poll(() => fromReferrer(admin, personFrom), { timeout: 30_000 }).toEqual({ views: 1, visitors: 1 });
  expect(await fromReferrer(admin, crawlerFrom)).toBeNull();
});
