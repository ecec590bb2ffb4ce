import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer, { type Browser, type BrowserContext, type ElementHandle, type Page } from "puppeteer-core";
import { type Engine, MissingRunner, type Role, type Tab, type TabOptions } from "../engine.ts";
import { markSummary } from "./summary.ts";

const FIREFOX = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

/**
 * Gecko: Debian's Firefox ESR driven over WebDriver BiDi by puppeteer-core. Firefox takes no
 * per-page "scripts off" over BiDi (emulation.setScriptingEnabled is unknown to this ESR), so pages
 * without scripts get a second Firefox started with javascript.enabled off.
 */
export async function launchGecko(baseUrl: string): Promise<Engine> {
  if (!existsSync(FIREFOX)) {
    throw new MissingRunner(
      `No Firefox found at ${FIREFOX} for the Gecko run. Install Debian's package ` +
        "(`sudo apt-get install -y firefox-esr`) or set FIREFOX_PATH to a Firefox binary.",
    );
  }
  const downloadDir = mkdtempSync(join(tmpdir(), "engines-gecko-downloads-"));
  const browser = await launch(downloadDir, true);
  let noScripts: Browser | undefined;
  const contexts = new Map<Tab, BrowserContext>();
  return {
    name: "gecko",
    phoneWidth: 375,
    async open(options: TabOptions) {
      const scripts = options.javaScript ?? true;
      if (!scripts && !noScripts) noScripts = await launch(downloadDir, false);
      const context = await (scripts ? browser : noScripts!).createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: options.width, height: options.height });
      const tab = puppeteerTab(baseUrl, context, page, options);
      contexts.set(tab, context);
      return tab;
    },
    async done(tab) {
      await contexts.get(tab)?.close();
      contexts.delete(tab);
    },
    downloads: downloadDir,
    async close() {
      await noScripts?.close();
      await browser.close();
    },
  };
}

function launch(downloadDir: string, javaScript: boolean): Promise<Browser> {
  return puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: {
      "javascript.enabled": javaScript,
      // Scrollbars over the page, as on a phone, so a 375 px viewport lays out 375 px.
      "ui.useOverlayScrollbars": 1,
      "widget.gtk.overlay-scrollbars.enabled": true,
      // Save downloads without asking, into the run's folder; PDFs too, not opened in pdf.js.
      "browser.download.dir": downloadDir,
      "browser.download.folderList": 2,
      "browser.download.useDownloadDir": true,
      "browser.download.always_ask_before_handling_new_types": false,
      "pdfjs.disabled": true,
    },
  });
}

function puppeteerTab(baseUrl: string, context: BrowserContext, first: Page, options: TabOptions): Tab {
  let page = first;
  const find = async (role: Role, name: string): Promise<ElementHandle<Element>[]> => {
    const found = await page.$$(`::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`);
    const shown: ElementHandle<Element>[] = [];
    for (const element of found) if (await element.isVisible()) shown.push(element);
    return shown;
  };
  const firstShown = async (role: Role, name: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [element] = role === "summary" ? await summaries(page, name) : await find(role, name);
      if (element) return element;
      if (Date.now() > deadline) throw new Error(`No ${role} named "${name}" on ${page.url()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return {
    async goto(path) {
      const href = new URL(path, baseUrl).href;
      // Firefox's remote agent now and then fails a navigation it has committed ("Address
      // rejected": an error flag on a load that did arrive) when the machine is loaded; a second
      // attempt loads the page. A page that really fails, fails all three.
      for (let attempt = 1; ; attempt++) {
        try {
          await page.goto(href, { waitUntil: "load" });
          return;
        } catch (error) {
          if (attempt === 3 || !/browsingContext\.navigate/.test((error as Error).message)) throw error;
          console.warn(`gecko: navigating to ${path} failed (${(error as Error).message.split("\n")[0]}); again`);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
    },
    url: async () => page.url(),
    async click(role, name) {
      await (await firstShown(role, name)).click();
    },
    async fill(name, value) {
      const field = await firstShown("textbox", name);
      await field.focus();
      // Typed as one insertion (what puppeteer's sendCharacter does per character): key by key
      // over BiDi takes seconds per field.
      await field.evaluate((el, text) => {
        (el as HTMLInputElement).select();
        document.execCommand(text ? "insertText" : "delete", false, text);
      }, value);
    },
    press: (key) => page.keyboard.press(key),
    run: (fn, ...args) => page.evaluate(`(${fn.toString()})(...${JSON.stringify(args)})`) as never,
    async inject(source) {
      await page.evaluate(source);
    },
    count: async (role, name) => (role === "summary" ? await summaries(page, name) : await find(role, name)).length,
    async screenshot(file) {
      await page.screenshot({ path: file as `${string}.png`, fullPage: true });
    },
    tabCount: async () => (await context.pages()).length,
    async use(index) {
      const chosen = (await context.pages())[index];
      if (!chosen) throw new Error(`No tab ${index}`);
      page = chosen;
      await page.setViewport({ width: options.width, height: options.height });
      await page.bringToFront();
    },
  };
}

async function summaries(page: Page, name: string): Promise<ElementHandle<Element>[]> {
  const marked = await page.evaluate(`(${markSummary.toString()})(${JSON.stringify(name)})`);
  return marked ? page.$$("[data-engines-target]") : [];
}
