import { expect, type Page, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { expectNoAxeViolations } from "./support/axe.ts";
import { inCart, pricingItem, quoteService, storedCart } from "./support/cart.ts";

/** A quote made as the site's dialog makes it; returns its page's path (read from the PDF's "Pay online" link). */
async function makeQuote(page: Page, name: string): Promise<{ path: string; number: string }> {
  const origin = new URL(page.url() === "about:blank" ? (test.info().project.use.baseURL ?? "") : page.url()).origin;
  const groups = Array.from({ length: 4 }, () => Math.floor(Math.random() * 0xffff).toString(16));
  const res = await page.request.post("/quote", {
    headers: { Origin: origin, "CF-Connecting-IP": `2001:db8:1:${groups.join(":")}::1` },
    data: {
      services: [inCart(pricingItem("Business")), inCart(quoteService("m3"), 2)],
      customer: { name, email: `quote-page-${Date.now()}@example.com`, company: "Savannah Health Ltd" },
    },
  });
  expect(res.status()).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(await res.body()));
  const { text } = await extractText(pdf, { mergePages: true });
  const link = /\/quote\/(Q-\d{4}-\d{5,})\?k=[A-Za-z0-9_-]+/.exec(text);
  if (!link) throw new Error("The PDF holds no link to its quote's page");
  return { path: link[0], number: link[1] ?? "" };
}

for (const width of [375, 1280]) {
  test(`the quote's page at ${width} px: readable, axe-clean, no sideways scroll; Pay online fills the cart`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { path, number } = await makeQuote(page, "Zoë Ńjoroge-Wanjikũ محمد");
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(number);
    await expect(page.getByText("Zoë Ńjoroge-Wanjikũ محمد")).toBeVisible();
    await expect(page.getByText("Monthly thereafter")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // QUOTE_SHOTS=<folder>: keep a full-page screenshot to look at.
    if (process.env.QUOTE_SHOTS)
      await page.screenshot({ path: `${process.env.QUOTE_SHOTS}/quote-page-${width}.png`, fullPage: true });

    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Pay online" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    expect(await storedCart(page)).toEqual([inCart(pricingItem("Business")), inCart(quoteService("m3"), 2)]);
    // On a phone the order summary is folded above the form: open it to see the lines.
    if (width < 1024) await page.getByRole("button", { name: /Show order summary/ }).click();
    await expect(page.getByText("Security Assessment").first()).toBeVisible();
  });
}

test("a quote link with a wrong key is the site's 404 page", async ({ page }) => {
  const { path } = await makeQuote(page, "Amina Otieno");
  const res = await page.goto(`${path.slice(0, -2)}xx`);
  expect(res?.status()).toBe(404);
});
