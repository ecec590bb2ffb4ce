import { expect, type Page, test } from "@playwright/test";
import { publicRoutes } from "../support/routes.ts";
import { fillCustomer, inCart, quoteService, seedCart, validCustomer } from "./support/cart.ts";
import { scriptsReady, waitForIsland } from "./support/islands.ts";
import { expectPageStylesCoverDom } from "./support/page-styles.ts";

/**
 * The Content-Security-Policy in a real browser: every page, with its islands hydrated and its
 * toasts shown, must run without a single violation. A violation would mean the policy blocks
 * something the site needs (or the site does something the policy was written to forbid).
 */

type Violation = { directive: string; blocked: string; sample: string };

declare global {
  interface Window {
    __cspViolations: Violation[];
  }
}

/** Each test is its own client: the endpoints' per-client limits must not carry from test to test. */
test.beforeEach(async ({ page, context }) => {
  const hex = Array.from(crypto.getRandomValues(new Uint16Array(4)), (n) => n.toString(16)).join(":");
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": `2001:db8:${hex}::1` });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
});

/** Violations the page saw, plus the ones Chromium only reports on the console (policy errors). */
async function problems(page: Page, consoleErrors: string[]): Promise<unknown[]> {
  const violations = await page.evaluate(() => window.__cspViolations);
  return [...violations, ...consoleErrors.filter((text) => /Content Security Policy|Permissions-Policy/i.test(text))];
}

function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") messages.push(message.text());
  });
  return messages;
}

const sonnerToast = (page: Page) => page.locator("[data-sonner-toast]");

/** A toast proves sonner's own stylesheet applied: without it the toaster is not fixed in place. */
async function expectStyledToast(page: Page): Promise<void> {
  await expect(sonnerToast(page).first()).toBeVisible();
  expect(await page.locator("[data-sonner-toaster]").evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
}

for (const path of [...publicRoutes, "/no-such-page"]) {
  test(`${path}: a strict policy, the styles applied, no violation`, async ({ page }) => {
    const messages = collectConsole(page);
    const response = await page.goto(path, { waitUntil: "networkidle" });
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy).toContain("default-src 'none'");
    // Own scripts, plus the constant inline island loader and cart hint by their hashes.
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+'){0,2};/);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    // The stylesheet applied (inlined and allowed by hash in a build, linked in vite dev).
    expect(await page.locator("body").evaluate((el) => getComputedStyle(el).display)).toBe("flex");
    await scriptsReady(page);
    await expectPageStylesCoverDom(page);
    expect(await problems(page, messages)).toEqual([]);
  });
}

test("/pricing: the add-to-cart toast shows styled, without a violation", async ({ page }) => {
  const messages = collectConsole(page);
  await page.goto("/pricing");
  await waitForIsland(page, "AppToaster");
  await page.locator("button[data-add-to-cart]").first().click();
  await expectStyledToast(page);
  await expectPageStylesCoverDom(page);
  expect(await problems(page, messages)).toEqual([]);
});

test("/contact: sending a message shows its toast, without a violation", async ({ page }) => {
  const messages = collectConsole(page);
  await page.goto("/contact");
  await waitForIsland(page, "ContactForm");
  const form = page.locator("form[action='/api/contact']");
  await form.getByLabel("Full Name").fill("Achieng Odhiambo");
  await form.getByLabel("Email").fill(`csp-${crypto.randomUUID()}@example.co.ke`);
  await form.getByLabel("Message").fill("Checking that the page's policy lets the toast through.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(sonnerToast(page).getByText("Message Sent!", { exact: true })).toBeVisible();
  await expectStyledToast(page);
  // The map embed, the one frame the policy allows (offline here: it fails to load, unblocked).
  await page.getByRole("heading", { name: "Visit Our Office" }).scrollIntoViewIfNeeded();
  await expect(page.locator('iframe[src^="https://www.openstreetmap.org/"]')).toBeAttached();
  await expectPageStylesCoverDom(page);
  expect(await problems(page, messages)).toEqual([]);
});

test("/checkout: the payment failure toast shows, without a violation", async ({ page }) => {
  const messages = collectConsole(page);
  // A price the catalogue does not have: the real endpoint refuses it (409) and the page toasts.
  await seedCart(page, [{ ...inCart(quoteService("e1")), price: 1 }]);
  await page.goto("/checkout");
  await fillCustomer(page, { ...validCustomer, email: `csp-${crypto.randomUUID()}@example.co.ke` });
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(sonnerToast(page).filter({ hasText: "Payment processing failed. Please try again." })).toBeVisible();
  await expectStyledToast(page);
  await expectPageStylesCoverDom(page);
  expect(await problems(page, messages)).toEqual([]);
});

test("/checkout: field messages and the order summary are styled by the page's own rules", async ({ page }) => {
  await seedCart(page, [inCart(quoteService("e1"), 2), inCart(quoteService("m3"))]);
  await page.goto("/checkout");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expectPageStylesCoverDom(page);
});

test("/custom-quote: selected cards and the selection bar are styled by the page's own rules", async ({ page }) => {
  await page.goto("/custom-quote");
  await waitForIsland(page, "QuoteSelector");
  await page.getByRole("checkbox", { name: "Printer Setup" }).click();
  await expect(page.getByText("1 Services Selected")).toBeVisible();
  await expectPageStylesCoverDom(page);
});

test("the open mobile menu is styled by each page's own rules", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ["/", "/checkout", "/no-such-page"]) {
    await page.goto(path);
    await scriptsReady(page);
    await page.locator("[data-mobile-menu] > summary").click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expectPageStylesCoverDom(page);
  }
});
