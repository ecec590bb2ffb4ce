import { expect, test } from "@playwright/test";
import { publicRoutes } from "../support/routes.ts";

// Every page is complete HTML from the server: with scripts off it still has its heading on screen
// and its text to read, and nothing waits for a script to show it. (The engines runner checks the
// same in Gecko and WebKit, tests/engines/flows/pages.ts flow 8.)
test.use({ javaScriptEnabled: false });

// One page visits them all: a fresh tab per route would cost more than the page itself.
test("every page reads with scripts off", async ({ page }) => {
  for (const path of publicRoutes) {
    await test.step(path, async () => {
      await page.goto(path);
      const h1 = page.getByRole("heading", { level: 1 });
      await expect(h1, path).toBeVisible();
      await expect(h1, path).not.toHaveText("");
      const words = (await page.locator("main").innerText()).split(/\s+/).filter(Boolean).length;
      expect(words, `words in <main> of ${path}`).toBeGreaterThanOrEqual(5);
      await expect(page.locator("html"), `scripts ran on ${path} although they are off`).not.toHaveAttribute(
        "data-js-ready",
      );
    });
  }
});
