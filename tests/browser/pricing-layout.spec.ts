import { expect, test } from "@playwright/test";
import { plans } from "../../src/catalogue/pricing-copy.ts";
import { comparison } from "../../src/catalogue/pricing-extras-copy.ts";
import { formatMoney, toCents } from "../../src/lib/money.ts";

test.describe("/pricing at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the plan cards' prices and buttons line up, whatever each description's length", async ({ page }) => {
    await page.goto("/pricing");
    const cards = page.locator("article").filter({ hasText: "/month" });
    await expect(cards).toHaveCount(plans.length);
    const tops = async (locate: (card: ReturnType<typeof cards.nth>) => ReturnType<typeof cards.nth>) => {
      const boxes = [];
      for (let i = 0; i < plans.length; i++) boxes.push((await locate(cards.nth(i)).boundingBox())!.y);
      return boxes;
    };
    const prices = await tops((card) => card.getByText(/^\$[\d,]+\.\d\d$/));
    const buttons = await tops((card) => card.getByRole("button"));
    for (const top of [...prices.slice(1)]) expect(Math.abs(top - prices[0]!)).toBeLessThanOrEqual(1);
    for (const top of [...buttons.slice(1)]) expect(Math.abs(top - buttons[0]!)).toBeLessThanOrEqual(1);
  });
});

for (const width of [360, 375]) {
  test.describe(`/pricing at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 } });

    test("the comparison table shows every plan and value without sideways scrolling", async ({ page }) => {
      await page.goto("/pricing");
      const table = page.getByRole("table", { name: comparison.caption });
      await table.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const box = (await table.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      for (const plan of plans) {
        const header = table.getByRole("columnheader", { name: plan.name });
        await expect(header).toBeVisible();
        // Whole: not cut by the table's edge, not broken inside the word.
        const cell = (await header.boundingBox())!;
        expect(cell.x + cell.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      }
      const priceRow = table.getByRole("row", { name: /Monthly price/ });
      for (const plan of plans)
        await expect(priceRow.getByText(formatMoney(toCents(plan.price)), { exact: true })).toBeVisible();
      const noBrokenWords = await table.locator("td, th").evaluateAll((cells) =>
        cells
          .filter((cell) => cell.children.length === 0 && !/\s/.test(cell.textContent?.trim() ?? " "))
          .every((cell) => {
            // A one-word value on two lines is a word broken by the column's edge.
            const range = document.createRange();
            range.selectNodeContents(cell);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size === 1;
          }),
      );
      expect(noBrokenWords).toBe(true);
    });
  });
}
