import { expect, test } from "@playwright/test";

const documents = [
  ["/terms", "Terms of Service"],
  ["/privacy", "Privacy Policy"],
  ["/refund", "Refund Policy"],
  ["/cookie", "Cookie Policy"],
  ["/dpa", "Data Processing Addendum"],
  ["/aup", "Acceptable Use Policy"],
] as const;

test("each legal document shows its heading and its date", async ({ page }) => {
  for (const [path, heading] of documents) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
      await expect(page.getByText("Last Updated: January 17, 2025", { exact: true }), path).toBeVisible();
    });
  }
});

test.describe("desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the table of contents leads to its section", async ({ page }) => {
    await page.goto("/refund");
    const toc = page.getByRole("navigation", { name: "On this page" });
    await toc.getByRole("link", { name: "How to Request a Refund" }).click();
    await expect(page).toHaveURL(/#how-to-request-a-refund$/);
    await expect(page.getByRole("heading", { level: 2, name: /How to Request a Refund/ })).toBeInViewport();
  });

  test("a related policy link opens that document", async ({ page }) => {
    await page.goto("/terms");
    await page
      .getByRole("navigation", { name: "Related policies" })
      .getByRole("link", { name: "Cookie Policy" })
      .click();
    await expect(page).toHaveURL("/cookie");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookie Policy");
  });
});

test.describe("phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the table of contents is folded and opens on demand", async ({ page }) => {
    await page.goto("/privacy");
    const toc = page.getByRole("navigation", { name: "On this page" });
    await expect(toc).toBeHidden();
    await page.locator("summary", { hasText: "On this page" }).click();
    await expect(toc).toBeVisible();
    await toc.getByRole("link", { name: "Your Rights" }).click();
    await expect(page).toHaveURL(/#your-rights$/);
  });
});
