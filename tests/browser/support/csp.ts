import type { BrowserContext, Page } from "@playwright/test";

type Violation = { directive: string; blocked: string; sample: string };

declare global {
  interface Window {
    __cspViolations: Violation[];
  }
}

/**
 * Records every Content-Security-Policy violation a page sees, and what Chromium reports only on
 * its console (policy errors), from the page's first script on. Each call is also its own client
 * (a random /64): the endpoints' per-client limits must not carry from one test to the next.
 */
export async function watchPolicy(page: Page, context: BrowserContext): Promise<() => Promise<unknown[]>> {
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
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") consoleErrors.push(message.text());
  });
  return async () => [
    ...(await page.evaluate(() => window.__cspViolations)),
    ...consoleErrors.filter((text) => /Content Security Policy|Permissions-Policy/i.test(text)),
  ];
}
