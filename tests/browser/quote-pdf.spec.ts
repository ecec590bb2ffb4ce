import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Download, expect, type Locator, type Page, test } from "@playwright/test";
import { quotePdfCopy } from "../../src/quotes/custom-quote-copy.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { fillCustomer, inCart, quoteService, seedCart, validCustomer } from "./support/cart.ts";
import { waitForIsland } from "./support/islands.ts";
import { type MockReply, mockJsonEndpoint } from "./support/mock-endpoint.ts";
import { expectPageStylesCoverDom } from "./support/page-styles.ts";

const QUOTE_FILE = /^Q-\d{4}-\d{5,}\.pdf$/;
/** Set (to a folder) to keep the first PDF, its first page as a PNG and screenshots for a look by eye. */
const SHOTS = process.env.QUOTE_SHOTS;
/** poppler-utils' renderer, needed only with QUOTE_SHOTS. */
const PDF_TO_PNG = process.env.PDFTOPPM ?? "pdftoppm";

const bar = (page: Page) => page.getByRole("region", { name: "Your selection" });
const box = (page: Page, name: string) => page.getByRole("checkbox", { name, exact: true });
const openButton = (page: Page) => bar(page).getByRole("button", { name: "Download quote (PDF)" });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Download a written quote" });
const field = (page: Page, label: string) => dialog(page).getByLabel(label, { exact: true });
const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** The download is a quote's PDF: its file name, and a file that starts as a PDF does. */
async function expectQuotePdf(download: Download, keepAs?: string): Promise<void> {
  expect(download.suggestedFilename()).toMatch(QUOTE_FILE);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  if (SHOTS && keepAs) {
    mkdirSync(SHOTS, { recursive: true });
    const file = join(SHOTS, keepAs);
    await download.saveAs(file);
    execFileSync(PDF_TO_PNG, ["-png", "-r", "80", "-f", "1", "-l", "1", file, join(SHOTS, "page")]);
  }
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name) });
}

async function selectTwo(page: Page): Promise<void> {
  await page.goto("/custom-quote");
  await waitForIsland(page, "QuoteSelector");
  await box(page, "Printer Setup").click();
  await box(page, "Network Assessment").click();
  await expect(bar(page)).toContainText("2 Services Selected");
}

/** Answers POST /quote in place of the worker (no quote is made), recording what the page sent. */
function mockQuote(page: Page, reply: MockReply, options: { held?: boolean } = {}) {
  return mockJsonEndpoint(page, "**/quote", reply, options);
}

test.describe("with JavaScript, on /custom-quote", () => {
  test("keyboard only: open the dialog, fill it in, submit, get the PDF and a toast", async ({ page }) => {
    // A CSP violation (the toasts' styles, the download's blob: URL) or any other error shows here.
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await selectTwo(page);
    await openButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(dialog(page)).toBeVisible();
    await expect(field(page, "Name")).toBeFocused();
    await expect(dialog(page)).toHaveAccessibleDescription(/e-mail you a copy/);

    await page.keyboard.type(validCustomer.name);
    await page.keyboard.press("Tab");
    await expect(field(page, "Email")).toBeFocused();
    await page.keyboard.type(validCustomer.email);
    await page.keyboard.press("Tab");
    await expect(field(page, "Company (Optional)")).toBeFocused();
    await page.keyboard.type(validCustomer.company ?? "");

    const sent = page.waitForRequest((request) => request.url().endsWith("/quote") && request.method() === "POST");
    const download = page.waitForEvent("download");
    await page.keyboard.press("Enter");
    const request = await sent;
    expect(request.headers()["content-type"]).toBe("application/json");
    expect(request.postDataJSON()).toEqual({
      services: [inCart(quoteService("e3")), inCart(quoteService("s1"))],
      customer: { name: validCustomer.name, email: validCustomer.email, company: validCustomer.company },
    });
    await expectQuotePdf(await download, "first-quote.pdf");

    await expect(dialog(page)).toBeHidden();
    const done = toast(page, /^Quote Q-\d{4}-\d{5,} downloaded/);
    await expect(done).toBeVisible();
    // The same words whether or not this mailbox still gets e-mail this hour (issue 20).
    await expect(done).toContainText(quotePdfCopy.emailed(validCustomer.email));
    await shot(page, "toast-success-1280.png");
    // Stacked above the fixed bar, not over its buttons (once it has slid in).
    await expect
      .poll(async () => {
        const toastBox = await done.boundingBox();
        const barBox = await bar(page).boundingBox();
        return (toastBox?.y ?? 0) + (toastBox?.height ?? 0) - (barBox?.y ?? 0);
      })
      .toBeLessThanOrEqual(0);
    // Back where the visitor was, with the selection unchanged.
    await expect(openButton(page)).toBeFocused();
    await expect(bar(page)).toContainText("2 Services Selected");
    await expectPageStylesCoverDom(page);
    expect(errors).toEqual([]);
  });

  test("an empty name and a bad e-mail are reported in the dialog; nothing is sent", async ({ page }) => {
    await selectTwo(page);
    const { requests } = await mockQuote(page, { status: 500, body: { error: "not expected" } });
    await openButton(page).click();
    await dialog(page).getByRole("button", { name: "Download quote (PDF)" }).click();

    const name = field(page, "Name");
    const email = field(page, "Email");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Name is required");
    await expect(email).toHaveAccessibleDescription("Invalid email address");
    await expect(name).toBeFocused();
    await expect(field(page, "Company (Optional)")).not.toHaveAttribute("aria-invalid");

    await name.fill("Wanjiru Kamau");
    await expect(name).not.toHaveAttribute("aria-invalid");
    await email.fill("wanjiru@");
    await page.keyboard.press("Enter");
    await expect(email).toHaveAccessibleDescription("Invalid email address");
    await expect(email).toBeFocused();
    await expect(dialog(page)).toBeVisible();
    expect(requests).toHaveLength(0);
    await expectPageStylesCoverDom(page);
  });

  test("the worker's field issues go next to the fields; other refusals close the dialog and toast", async ({
    page,
  }) => {
    await selectTwo(page);
    await page.route("**/quote", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          error: "Please correct the quote details: Invalid email address.",
          issues: [{ path: "customer.email", message: "Invalid email address" }],
        }),
      }),
    );
    await openButton(page).click();
    await field(page, "Name").fill(validCustomer.name);
    await field(page, "Email").fill(validCustomer.email);
    await page.keyboard.press("Enter");
    await expect(field(page, "Email")).toHaveAccessibleDescription("Invalid email address");
    await expect(field(page, "Email")).toBeFocused();
    await expect(dialog(page)).toBeVisible();

    await page.unroute("**/quote");
    await mockQuote(page, { status: 429, body: { error: "Too many quotes from your network." } });
    await page.keyboard.press("Enter");
    await expect(dialog(page)).toBeHidden();
    const failure = toast(page, "Your quote could not be prepared. Please try again.");
    await expect(failure).toBeVisible();
    await expect(failure).toContainText("Too many quotes from your network.");
    // What was typed is still there for the next try.
    await openButton(page).click();
    await expect(field(page, "Email")).toHaveValue(validCustomer.email);
  });

  test("while waiting the button says so, and a second Enter sends nothing more", async ({ page }) => {
    await selectTwo(page);
    const { requests, release } = await mockQuote(
      page,
      { status: 503, body: { error: "Quotes are resting." } },
      { held: true },
    );
    await openButton(page).click();
    await field(page, "Name").fill(validCustomer.name);
    await field(page, "Email").fill(validCustomer.email);
    await page.keyboard.press("Enter");
    const busy = dialog(page).getByRole("button", { name: "Preparing your quote…" });
    await expect(busy).toBeVisible();
    await expect(busy).toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("Enter");
    release();
    await expect(toast(page, "Quotes are resting.")).toBeVisible();
    expect(requests).toHaveLength(1);
  });

  test("Escape and Cancel close the dialog, focus goes back to its button", async ({ page }) => {
    await selectTwo(page);
    await openButton(page).click();
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    await expect(openButton(page)).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(openButton(page)).toBeFocused();
    await openButton(page).click();
    await dialog(page).getByRole("button", { name: "Close" }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(openButton(page)).toBeFocused();
  });

  // Loaded once at a phone's width and widened in place: the layout follows the width through CSS.
  test("at 375 and 1280 px: the bar and the open dialog fit, and axe-core finds nothing in the dialog", async ({
    page,
  }) => {
    const sizes = [
      { width: 375, height: 740 },
      { width: 1280, height: 800 },
    ];
    const fits = async (locator: Locator, width: number) => {
      const rect = await locator.boundingBox();
      expect(rect).not.toBeNull();
      expect((rect?.x ?? -1) >= 0 && (rect?.x ?? 0) + (rect?.width ?? 0) <= width, `within ${width} px`).toBe(true);
    };
    await page.setViewportSize(sizes[0]!);
    await seedCart(page, [inCart(quoteService("e1")), inCart(quoteService("m2"), 2)]);
    await page.goto("/custom-quote");
    await waitForIsland(page, "QuoteSelector");
    await expect(bar(page)).toContainText("2 Services Selected");
    // Both actions inside the viewport, neither cut off.
    for (const size of sizes) {
      await page.setViewportSize(size);
      for (const action of [openButton(page), bar(page).getByRole("link", { name: "Proceed to Checkout" })]) {
        await fits(action, size.width);
      }
      await shot(page, `bar-${size.width}.png`);
    }

    await page.setViewportSize(sizes[0]!);
    await openButton(page).click();
    await expect(field(page, "Name")).toBeFocused();
    await dialog(page).getByRole("button", { name: "Download quote (PDF)" }).click();
    await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "true");
    for (const size of sizes) {
      await page.setViewportSize(size);
      await fits(dialog(page), size.width);
      await shot(page, `dialog-${size.width}.png`);
      await expectNoAxeViolations(page);
    }
  });
});

test.describe("without JavaScript, on /custom-quote", () => {
  test.use({ javaScriptEnabled: false });

  test("check two cards, fill the form's fields, submit: the PDF downloads and the page stays", async ({ page }) => {
    await page.goto("/custom-quote");
    // Playwright's text and role locators skip <noscript> whatever the page's scripting: CSS it is.
    const note = page.locator("noscript p").first();
    await expect(note).toBeVisible();
    await expect(note).toContainText("tick the services you need");
    const form = page.locator("form[method=post][action='/quote'] noscript fieldset");
    await expect(form.locator("legend")).toHaveText("Your written quote (PDF)");
    await box(page, "Printer Setup").check();
    await box(page, "Network Assessment").check();
    for (const [name, label] of [
      ["name", "Name"],
      ["email", "Email"],
      ["company", "Company (Optional)"],
    ] as const) {
      await expect(form.locator(`label[for="quote-form-${name}"]`)).toHaveText(label);
      await form.locator(`#quote-form-${name}`).fill(validCustomer[name] ?? "");
    }
    await form.locator("#quote-form-email").scrollIntoViewIfNeeded();
    await shot(page, "noscript-form-1280.png");

    const download = page.waitForEvent("download");
    await form.locator("button[type=submit]", { hasText: "Download quote (PDF)" }).click();
    await expectQuotePdf(await download);
    await expect(page).toHaveURL("/custom-quote");
    await expect(box(page, "Printer Setup")).toBeChecked();
  });
});

test.describe("on /checkout", () => {
  const cart = [inCart(quoteService("s1"), 2), inCart(quoteService("e1"))];

  test("name and e-mail are enough for a quote of the cart", async ({ page }) => {
    await seedCart(page, cart);
    await page.goto("/checkout");
    await waitForIsland(page, "Checkout");
    await fillCustomer(page, { name: validCustomer.name, email: validCustomer.email });
    const quote = page.getByRole("button", { name: "Download quote (PDF)" });
    await quote.scrollIntoViewIfNeeded();
    await shot(page, "checkout-1280.png");

    const sent = page.waitForRequest((request) => request.url().endsWith("/quote") && request.method() === "POST");
    const download = page.waitForEvent("download");
    await quote.click();
    expect((await sent).postDataJSON()).toEqual({
      services: cart,
      customer: { name: validCustomer.name, email: validCustomer.email },
    });
    await expectQuotePdf(await download);
    await expect(toast(page, /^Quote Q-\d{4}-\d{5,} downloaded/)).toBeVisible();
    // Nothing was paid: the cart and the form are as they were.
    await expect(page.getByRole("region", { name: "Order Summary" })).toContainText("Network Assessment");
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue(validCustomer.name);
  });

  test("only the quote's fields are checked: their messages show, the others' do not", async ({ page }) => {
    await seedCart(page, cart);
    await page.goto("/checkout");
    await waitForIsland(page, "Checkout");
    const { requests } = await mockQuote(page, { status: 500, body: { error: "not expected" } });
    await page.getByLabel("Email", { exact: true }).fill("not-an-address");
    await page.getByRole("button", { name: "Download quote (PDF)" }).click();

    const name = page.getByLabel("Full Name", { exact: true });
    await expect(name).toHaveAccessibleDescription("Name is required");
    await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Invalid email address");
    await expect(name).toBeFocused();
    await expect(page.getByText("Phone number is required")).toBeHidden();
    await expect(page.getByLabel("Phone", { exact: true })).not.toHaveAttribute("aria-invalid");
    expect(requests).toHaveLength(0);
    await expectPageStylesCoverDom(page);
  });
});
