import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.2 AA and axe's best practices: the rules every page and state is held to. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * axe-core's violations on the page as it stands, one line each (rule, help, where). axe is asked
 * for violations alone (`resultTypes`): it still runs every rule, but skips gathering each passing
 * node's details, about a fifth of its time on our pages. It runs in the page itself (legacy mode)
 * rather than gathering its results in a blank page it opens for each audit: 0.6–0.9 s an audit
 * instead of 1.4–2.6 s here, the same findings in the page and in its same-origin frames (an
 * injected image without alt, in the page and in a srcdoc frame, is reported either way). What it
 * gives up is auditing cross-origin frames, and the site's only one (the contact page's map) is a
 * third party's page offline here.
 */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true)
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}
