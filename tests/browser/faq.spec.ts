import { expect, type Locator, type Page, test } from "@playwright/test";

/** A question of the FAQ page by its text, and the <details> that holds it. */
function question(page: Page, text: string): { details: Locator; summary: Locator } {
  const details = page.locator("main details", { has: page.locator("summary", { hasText: text }) });
  return { details, summary: details.locator("summary") };
}

async function expectOpen(details: Locator, open: boolean) {
  await expect(details).toHaveJSProperty("open", open);
  await expect(details.locator("p").first()).toBeVisible({ visible: open });
}

// The accordion is plain HTML: it must behave the same with scripts off.
for (const javaScriptEnabled of [true, false]) {
  test.describe(`FAQ accordion with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("opening one question closes the open one, and the open one can be closed", async ({ page }) => {
      await page.goto("/faq");
      const general = question(page, "Which industries do you work with?");
      const support = question(page, "How quickly will you respond to a support request?");
      const count = await page.locator("main details").count();
      await expect(page.locator("main details[open]")).toHaveCount(0);

      await general.summary.click();
      await expectOpen(general.details, true);

      await support.summary.click();
      await expectOpen(support.details, true);
      await expectOpen(general.details, false);
      await expect(page.locator("main details[open]")).toHaveCount(1);

      await support.summary.click();
      await expectOpen(support.details, false);
      await expect(page.locator("main details[open]")).toHaveCount(0);
      await expect(page.locator("main details")).toHaveCount(count);
    });
  });
}

test("questions open and close from the keyboard", async ({ page }) => {
  await page.goto("/faq");
  const [first, second] = [0, 1].map((n) => {
    const details = page.locator("main details").nth(n);
    return { details, summary: details.locator("summary") };
  }) as [ReturnType<typeof question>, ReturnType<typeof question>];

  // The last category link comes right before the first question in the tab order.
  await page.getByRole("navigation", { name: "Question categories" }).getByRole("link").last().focus();
  await page.keyboard.press("Tab");
  await expect(first.summary).toBeFocused();

  await page.keyboard.press("Enter");
  await expectOpen(first.details, true);
  await page.keyboard.press("Space");
  await expectOpen(first.details, false);
  await page.keyboard.press("Enter");
  await expectOpen(first.details, true);

  // Past the open answer's link to the next question; opening it closes the first.
  for (let i = 0; i < 5 && !(await second.summary.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(second.summary).toBeFocused();
  await page.keyboard.press("Space");
  await expectOpen(second.details, true);
  await expectOpen(first.details, false);
});

test("the pricing page's questions open one at a time too", async ({ page }) => {
  await page.goto("/pricing");
  const change = question(page, "Can I change my plan later?");
  const hours = question(page, "What if I need more hours than my plan includes?");
  await change.summary.click();
  await expect(change.details).toContainText("Downgrades take effect at the next billing cycle");
  await hours.summary.click();
  await expectOpen(hours.details, true);
  await expectOpen(change.details, false);
});
