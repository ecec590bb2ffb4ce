// The Data Protection Act's clocks in the owner's browser (issue 36): a breach recorded through the
// register's form shows its 72-hour ODPC clock and can be exported; a data request logged on the
// People page shows its due date. Hostile text typed into either runs nothing and loads nothing;
// both pages read at 375 and 1280 px without sideways scrolling, and axe finds nothing.
// Screenshots in $DPA_SHOTS when it names a folder.
import { mkdirSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { BROWSER_ADMIN_PASSWORD } from "../support/secrets.ts";
import { expectNoAxeViolations } from "./support/axe.ts";

const SHOTS = process.env.DPA_SHOTS;
const HOSTILE = `<img src=x onerror="alert(1)"><script>alert(2)</script> ‮gnp.exe`;
const HOUR = 3_600_000;

/** Nairobi's wall clock (UTC+3) `hoursAgo` hours ago, as a datetime-local input takes it. */
const nairobiInput = (hoursAgo: number) => new Date(Date.now() + 3 * HOUR - hoursAgo * HOUR).toISOString().slice(0, 16);

async function ownerPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    httpCredentials: { username: "admin", password: BROWSER_ADMIN_PASSWORD },
  });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const strays: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith("/x")) strays.push(request.url());
  });
  return { context, page, dialogs, strays };
}

async function atBothWidths(page: Page, name: string): Promise<void> {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} at ${width} px`,
    ).toBeLessThanOrEqual(width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    await expectNoAxeViolations(page);
  }
}

test("a breach recorded through the form shows its 72-hour clock, escapes what was typed, and exports", async ({
  browser,
  baseURL,
}) => {
  const { context, page, dialogs, strays } = await ownerPage(browser, baseURL);
  expect((await page.goto("/admin/breaches"))?.status()).toBe(200);
  const form = page.locator("form:has([name='what_happened'])");
  await form.locator("[name='aware_at']").fill(nairobiInput(2));
  await form.locator("[name='what_happened']").fill(`A laptop with client files was stolen. ${HOSTILE}`);
  await form.locator("[name='data_concerned']").fill("Names and e-mail addresses of clients");
  await form.locator("[name='people_concerned']").fill("Clients of 2025");
  await form.locator("[name='people_count']").fill("40");
  await form.locator("input[name='risk'][value='yes']").check();
  await form.locator("[name='risk_description']").fill("Phishing aimed at the clients");
  await form.locator("[name='actions_taken']").fill("Passwords changed; the police told");
  await form.locator("button[type='submit']").click();

  await expect(page).toHaveURL(/\/admin\/breaches\/BR-\d{4}-\d+/);
  const number = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? "");
  await expect(page.getByText(/ODPC report due by .+ — (69|70) h( \d+ min)? left/).first()).toBeVisible();
  await expect(page.getByText("<script>alert(2)</script>", { exact: false }).first()).toBeVisible();
  await atBothWidths(page, "breach-entry");

  const json = await context.request.get("/admin/breaches.json");
  expect(json.status()).toBe(200);
  expect(json.headers()["content-disposition"]).toContain("attachment");
  const register = JSON.stringify(await json.json());
  expect(register).toContain(number);
  const csv = await context.request.get("/admin/breaches.csv");
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(number);

  expect((await page.goto("/admin/breaches"))?.status()).toBe(200);
  await expect(page.getByText(number).first()).toBeVisible();
  await atBothWidths(page, "breach-register");
  expect(dialogs).toEqual([]);
  expect(strays).toEqual([]);
  await context.close();
});

test("a data request logged on the People page shows its due date, escapes the note", async ({ browser, baseURL }) => {
  const { context, page, dialogs, strays } = await ownerPage(browser, baseURL);
  expect((await page.goto("/admin/people"))?.status()).toBe(200);
  const form = page.locator("form:has([name='received_on'])");
  await form.locator("select[name='kind']").selectOption("erasure");
  await form.locator("select[name='channel']").selectOption("letter");
  const today = nairobiInput(0).slice(0, 10);
  await form.locator("[name='received_on']").fill(today);
  await form.locator("[name='email']").fill(`letter-${Date.now()}@example.co.ke`);
  await form.locator("[name='note']").fill(`Posted to the office. ${HOSTILE}`);
  await form.locator("button[type='submit']").click();

  await expect(page).toHaveURL(/\/admin\/people/);
  const due = new Date(`${today}T12:00:00Z`);
  due.setUTCDate(due.getUTCDate() + 7);
  const dueText = due.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  await expect(page.getByText(dueText).first()).toBeVisible();
  await atBothWidths(page, "people-requests");
  expect(dialogs).toEqual([]);
  expect(strays).toEqual([]);
  await context.close();
});
