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
