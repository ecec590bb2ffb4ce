import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { AxeResults } from "axe-core";
import { inCart, quoteService } from "../browser/support/cart.ts";
import { type Engine, waitFor } from "./engine.ts";
import { openReady, seedCart } from "./flows/page.ts";

/** The routes audited with axe and photographed in each engine. */
const ROUTES = ["/", "/pricing", "/custom-quote", "/checkout"] as const;
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core in the engine's own page at phone width and at 1280, with a cart in storage so the
 * checkout shows its form and the quote page its bar; with a folder, a full-page screenshot of each
 * for a look by eye. Resolves to the violations found ("engine width route: rule (targets)"), none expected.
 */
export async function auditAndPhotograph(engine: Engine, shotsDir: string | undefined): Promise<string[]> {
  const violations: string[] = [];
  for (const width of [engine.phoneWidth, 1280]) {
    const tab = await engine.open({ width, height: width < 600 ? 812 : 900 });
    try {
      await seedCart(tab, [inCart(quoteService("s1"), 2), inCart(quoteService("e1"))]);
      for (const route of ROUTES) {
        await openReady(tab, route);
        // The checkout reads the stored cart after its scripts run; audit what it then shows, not
        // the loading state (whose title is not yet the page's h1).
        await waitFor(
          `a visible h1 on ${route}`,
          () => tab.run(() => Array.from(document.querySelectorAll("h1")).some((h) => h.getClientRects().length > 0)),
          Boolean,
        );
        if (shotsDir) {
          await settleImages(tab);
          await tab.screenshot(
            join(shotsDir, `${engine.name}-${width}-${route === "/" ? "home" : route.slice(1)}.png`),
          );
        }
        await tab.inject(AXE_SOURCE);
        const { found, passed } = await tab.run(async (tags: string[]) => {
          const { axe } = window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } };
          const results = await axe.run(document, {
            runOnly: { type: "tag", values: tags },
            resultTypes: ["violations"],
          });
          const found = results.violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
          return { found, passed: results.passes.length };
        }, AXE_TAGS);
        // An audit that checked nothing (axe not running in this engine) must not read as a pass.
        if (passed < 10) violations.push(`${engine.name} ${width} ${route}: axe-core passed only ${passed} rules`);
        for (const violation of found) violations.push(`${engine.name} ${width} ${route}: ${violation}`);
      }
    } finally {
      await engine.done(tab);
    }
  }
  return violations;
}

/** Lazy images load as they come near the viewport: bring each into view and wait for it. */
async function settleImages(tab: Awaited<ReturnType<Engine["open"]>>): Promise<void> {
  await tab.run(async () => {
    for (const img of Array.from(document.images)) {
      img.scrollIntoView();
      await img.decode().catch(() => undefined);
    }
    window.scrollTo(0, 0);
  });
}
