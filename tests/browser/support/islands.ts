import type { Page } from "@playwright/test";

/**
 * Waits until React has hydrated the island of the given name. Before that, the server-rendered
 * markup is visible but inert (a form would submit natively), so interacting early tests nothing.
 */
export async function waitForIsland(page: Page, name: string): Promise<void> {
  await page.waitForFunction((island) => {
    const root = document.querySelector(`[data-island="${island}"]`);
    const child = root?.firstElementChild;
    return !!child && Object.keys(child).some((key) => key.startsWith("__reactFiber"));
  }, name);
}

/**
 * Waits until the page's bundles have all run (the island loader marks <html data-js-ready>). They
 * start after first paint, so keyboard behaviour that only scripts add (Escape closing the mobile
 * menu) is not there the instant a page has loaded; taps on script-only controls are replayed.
 */
export async function scriptsReady(page: Page): Promise<void> {
  await page.locator("html[data-js-ready]").waitFor({ state: "attached" });
}

/**
 * Holds every client bundle back until `release()` is called, as a slow phone network would: the
 * page paints and takes taps with no script but the inline loader. (A fixed delay raced the taps
 * on a busy CI machine.) Pages are then loaded with `waitUntil: "domcontentloaded"`.
 */
export async function holdBundles(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}
