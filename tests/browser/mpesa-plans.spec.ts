// A Starter plan bought by M-Pesa in the browser, at 375 and 1280 px: the checkout, the plan's own
// page on /billing (reached by the e-mailed link, read from the site's D1), its cancel confirmation,
// the phone form's refusal, a month's pay page once the cron has opened the month, and the owner's
// Subscriptions.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { TEST_SITE_STATE } from "../../scripts/lib/test-site.ts";
import { BROWSER_ADMIN_PASSWORD } from "../support/secrets.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { fillCustomer, inCart, pricingItem, seedCart, validCustomer } from "./support/cart.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const phone = () => `07${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const clientIp = () => `2001:db8:9:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;

/** Keeps a full-page screenshot when MPESA_SHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (!process.env.MPESA_SHOTS) return;
  mkdirSync(process.env.MPESA_SHOTS, { recursive: true });
  await page.screenshot({ path: `${process.env.MPESA_SHOTS}/${name}.png`, fullPage: true });
}

/** One value the site's D1 holds (the test site's state, read with wrangler), or null. */
function d1Value(sql: string): string | null {
  const wrangler = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
  const run = spawnSync(
    process.execPath,
    [wrangler, "d1", "execute", "DB", "--local", "--persist-to", TEST_SITE_STATE, "--json", "--command", sql],
    { cwd: ROOT, encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" } },
  );
  const rows = (JSON.parse(run.stdout || "[]") as { results: Record<string, string>[] }[])[0]?.results ?? [];
  return Object.values(rows[0] ?? {})[0] ?? null;
}

async function mailedUrl(kind: string, email: string, field: "url" | "payUrl"): Promise<string> {
  let payload: string | null = null;
  await expect
    .poll(
      () => {
        payload = d1Value(
          `SELECT payload FROM outbox WHERE kind = '${kind}' AND recipient = '${email}' ORDER BY id DESC LIMIT 1`,
        );
        return payload;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return (
    new URL(JSON.parse(payload ?? "{}")[field] as string).pathname + new URL(JSON.parse(payload ?? "{}")[field]).search
  );
}

for (const width of [375, 1280]) {
  test(`a Starter plan by M-Pesa at ${width} px: checkout, the plan's page, cancel confirmation, the pay page`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setExtraHTTPHeaders({ "CF-Connecting-IP": clientIp() });
    await page.setViewportSize({ width, height: 900 });
    const email = `plan-${width}-${Date.now()}@example.co.ke`;
    await seedCart(page, [inCart(pricingItem("Starter"))]);
    await page.goto("/checkout");
    await fillCustomer(page, { ...validCustomer, email });
    await page.getByRole("radio", { name: "M-Pesa" }).check();
    await expect(page.getByText(/M-Pesa pays your first month now/)).toBeVisible();
    await page.getByLabel("M-Pesa phone number").fill(phone());
    await expectNoAxeViolations(page);
    await shot(page, `plan-checkout-${width}`);
    await page.getByRole("button", { name: /^Pay KES [\d,]+ by M-Pesa$/ }).click();
    await page.getByRole("link", { name: /Open the test phone/ }).click();
    await page.getByRole("button", { name: "Approve (PIN correct)" }).click();
    await page.getByRole("link", { name: "Return to the site" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Payment received" })).toBeVisible({ timeout: 20_000 });

    await page.goto("/billing");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check Your E-mail" })).toBeVisible();
    await page.goto(await mailedUrl("mpesa-plan-link", email, "url"));
    await page.getByRole("button", { name: "Open my plan" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your M-Pesa Plan" })).toBeVisible();
    await expect(page.getByText(/^SUB-[2-9A-Z]{8}$/)).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, `plan-page-${width}`);

    await page.getByLabel("M-Pesa phone number").fill("0612 345 678");
    await page.getByRole("button", { name: "Save the number" }).click();
    await expect(page.getByRole("alert")).toContainText("Enter a Safaricom number");
    await expectNoAxeViolations(page);
    await shot(page, `plan-phone-refused-${width}`);

    await page.getByRole("button", { name: "Cancel my plan…" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Cancel Your Plan?" })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, `plan-cancel-confirm-${width}`);
    await page.getByRole("button", { name: "Keep my plan" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your M-Pesa Plan" })).toBeVisible();

    // The owner's Subscriptions: the channel, the next due date and, after the cron, the months.
    const admin = await (
      await browser.newContext({
        baseURL,
        viewport: { width, height: 900 },
        httpCredentials: { username: "admin", password: BROWSER_ADMIN_PASSWORD },
        extraHTTPHeaders: { "CF-Connecting-IP": clientIp() },
      })
    ).newPage();
    await admin.goto(`/admin/subscriptions?q=${encodeURIComponent(email)}`);
    // The due date as the owner's page states it (read over HTTP: a second reader of the site's
    // SQLite file, wrangler d1, can find it locked while the other worker's test writes).
    const due = await admin.locator("[data-next-due]").getAttribute("data-next-due");
    expect(due).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The cron on the due date (miniflare's scheduled handler, at a time chosen here, in ms) opens the month.
    const at = Date.parse(`${due}T09:05:00+03:00`);
    const cron = await page.request.get(
      `/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/5 * * * *")}&time=${at}`,
    );
    expect(cron.status()).toBeLessThan(400);
    await page.goto(await mailedUrl("mpesa-plan-due", email, "payUrl"));
    await expect(page.getByRole("heading", { level: 1, name: "Pay Your Monthly Plan" })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, `plan-pay-${width}`);

    await admin.goto(`/admin/subscriptions?q=${encodeURIComponent(email)}`);
    await expect(admin.locator("[data-channel=mpesa]")).toHaveText("M-Pesa");
    await admin.getByText(/^History: 2 months$/).click();
    await expect(admin.locator("[data-month-status=due]")).toBeVisible();
    await expectNoAxeViolations(admin);
    await shot(admin, `plan-admin-${width}`);
    await admin.context().close();
  });
}
