import { expect, test } from "@playwright/test";

test.describe("office map on /contact", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("is not requested until the visitor scrolls near it, then shows a titled frame", async ({ page }) => {
    const mapRequests: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("openstreetmap.org")) mapRequests.push(req.url());
    });
    // The sandbox has no internet: answer the map origin locally so nothing waits on it.
    await page.route("https://www.openstreetmap.org/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>map</title>" }),
    );
    await page.goto("/contact");
    await page.waitForLoadState("load");
    expect(mapRequests).toEqual([]);
    await expect(page.locator("[data-map-embed] iframe")).toHaveCount(0);

    await page.getByRole("heading", { name: "Visit Our Office" }).scrollIntoViewIfNeeded();
    const frame = page.locator("[data-map-embed] iframe");
    await expect(frame).toHaveAttribute("title", /Map showing the .+ office/);
    await expect(frame).toHaveAttribute("src", /openstreetmap\.org\/export\/embed\.html/);
    expect(mapRequests.length).toBeGreaterThan(0);
  });
});
