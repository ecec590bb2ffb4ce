import { expect, test } from "@playwright/test";
import { headerLinks } from "../support/routes.ts";
import { scriptsReady } from "./support/islands.ts";

test.describe("desktop header", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("each link leads to its page, which is then highlighted as current", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [href, label] of headerLinks) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(href);
      const current = nav.locator('[aria-current="page"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveText(label);
    }
  });

  test("the logo leads home and Get Started leads to the contact page", async ({ page }) => {
    await page.goto("/pricing");
    await page.getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL("/contact");
    await page.getByRole("banner").getByRole("link", { name: /home/i }).first().click();
    await expect(page).toHaveURL("/");
  });

  test("the header stays visible while scrolling", async ({ page }) => {
    await page.goto("/about");
    await page.mouse.wheel(0, 3000);
    await expect(page.getByRole("banner")).toBeInViewport();
  });
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("opens, closes, and closes when a link is chosen", async ({ page }) => {
    await page.goto("/");
    const desktopNav = page.getByRole("navigation", { name: "Main" });
    await expect(desktopNav).toBeHidden();
    const toggle = page.locator("[data-mobile-menu] > summary");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Cart" })).toBeVisible();
    await toggle.click();
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole("link", { name: "Pricing", exact: true }).click();
    await expect(page).toHaveURL("/pricing");
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu.locator('[aria-current="page"]')).toHaveText("Pricing");
  });

  test("Escape closes the open menu", async ({ page }) => {
    await page.goto("/about");
    await scriptsReady(page);
    await page.locator("[data-mobile-menu] > summary").click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });
});
