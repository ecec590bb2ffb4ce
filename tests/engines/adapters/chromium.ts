import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { chromiumArgs, findChromium } from "../../browser/support/chromium.ts";
import { type Engine, MissingRunner, type Role, type Tab, type TabOptions, waitFor } from "../engine.ts";
import { markSummary } from "./summary.ts";

/** Chromium through playwright-core, as the Playwright suite drives it, behind the engine-neutral Tab. */
export async function launchChromium(baseUrl: string): Promise<Engine> {
  let executablePath: string;
  try {
    executablePath = findChromium();
  } catch (error) {
    throw new MissingRunner((error as Error).message);
  }
  const browser: Browser = await chromium.launch({ executablePath, args: chromiumArgs });
  const downloadDir = mkdtempSync(join(tmpdir(), "engines-chromium-downloads-"));
  const contexts = new Map<Tab, BrowserContext>();
  return {
    name: "chromium",
    phoneWidth: 375,
    async open(options: TabOptions) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: options.width, height: options.height },
        javaScriptEnabled: options.javaScript ?? true,
        acceptDownloads: true,
      });
      // Playwright keeps downloads in its own temporary folder; copy them where the flow looks.
      context.on("page", (page) => watchDownloads(page, downloadDir));
      const page = await context.newPage();
      const tab = playwrightTab(context, page);
      contexts.set(tab, context);
      return tab;
    },
    async done(tab) {
      await contexts.get(tab)?.close();
      contexts.delete(tab);
    },
    downloads: downloadDir,
    close: () => browser.close(),
  };
}

function watchDownloads(page: Page, dir: string): void {
  page.on("download", (download) => {
    void download.saveAs(join(dir, download.suggestedFilename()));
  });
}

function playwrightTab(context: BrowserContext, first: Page): Tab {
  let page = first;
  const byRole = (role: Role, name: string) => {
    if (role === "summary") return page.locator("summary").filter({ visible: true }).filter({ hasText: name });
    return page.getByRole(role, { name, exact: true, includeHidden: false }).filter({ visible: true });
  };
  return {
    async goto(path) {
      await page.goto(path, { waitUntil: "load" });
    },
    url: async () => page.url(),
    async click(role, name) {
      if (role === "summary") {
        await waitFor(
          `a summary "${name}"`,
          () => page.evaluate(`(${markSummary.toString()})(${JSON.stringify(name)})`),
          Boolean,
        );
        await page.locator("[data-engines-target]").click({ timeout: 10_000 });
        return;
      }
      await byRole(role, name).first().click({ timeout: 10_000 });
    },
    async fill(name, value) {
      await byRole("textbox", name).first().fill(value, { timeout: 10_000 });
    },
    press: (key) => page.keyboard.press(key),
    run: (fn, ...args) => page.evaluate(`(${fn.toString()})(...${JSON.stringify(args)})`) as never,
    async inject(source) {
      await page.evaluate(source);
    },
    count: (role, name) => byRole(role, name).count(),
    async screenshot(file) {
      await page.screenshot({ path: file, fullPage: true });
    },
    tabCount: async () => context.pages().length,
    async use(index) {
      const chosen = context.pages()[index];
      if (!chosen) throw new Error(`No tab ${index}`);
      page = chosen;
      await page.bringToFront();
    },
  };
}
