import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { validCustomer } from "../../browser/support/cart.ts";
import { publicRoutes } from "../../support/routes.ts";
import { check, type Tab, waitFor } from "../engine.ts";
import type { Flow } from "./flow.ts";
import { openReady, waitForPath, waitForShown, waitForToast } from "./page.ts";

/** Which FAQ questions are open, by their text. */
function openQuestions(tab: Tab): Promise<string[]> {
  return tab.run(() =>
    Array.from(document.querySelectorAll("main details[open] > summary"), (s) => (s.textContent ?? "").trim()),
  );
}

const faq: Flow = {
  name: "5 /faq: one question open at a time",
  async run(tab) {
    await tab.goto("/faq");
    const general = "Which industries do you work with?";
    const support = "How quickly will you respond to a support request?";
    await tab.click("summary", general);
    await waitFor(
      "one open question",
      () => openQuestions(tab),
      (open) => open.join() === general,
    );
    await tab.click("summary", support);
    await waitFor(
      "only the second open",
      () => openQuestions(tab),
      (open) => open.join() === support,
    );
    await tab.click("summary", support);
    await waitFor(
      "none open",
      () => openQuestions(tab),
      (open) => open.length === 0,
    );
  },
};

const menu: Flow = {
  name: "6 mobile menu: opens, and closes when a link is chosen",
  phone: true,
  async run(tab) {
    await openReady(tab, "/");
    const menuOpen = () => tab.run(() => document.querySelector<HTMLDetailsElement>("[data-mobile-menu]")?.open);
    // At phone width the header's links are all in the menu: Get Started shows only when it is open.
    await waitForShown(tab, "link", "Get Started", false);
    await tab.click("summary", "Menu");
    await waitFor("the menu open", menuOpen, (open) => open === true);
    await waitForShown(tab, "link", "Get Started");
    await tab.click("summary", "Menu");
    await waitFor("the menu closed", menuOpen, (open) => open === false);
    await waitForShown(tab, "link", "Get Started", false);
    await tab.click("summary", "Menu");
    await waitForShown(tab, "link", "Get Started");
    await tab.click("link", "Pricing");
    await waitForPath(tab, "/pricing");
    check((await menuOpen()) === false, "the menu is still open on the new page");
  },
};

const QUOTE_FILE = /^Q-\d{4}-\d{5,}\.pdf$/;

const quoteDialog: Flow = {
  name: "7 quote dialog: the PDF downloads",
  async run(tab, engine) {
    await openReady(tab, "/custom-quote");
    await tab.click("checkbox", "Printer Setup");
    await tab.click("checkbox", "Network Assessment");
    await tab.click("button", "Download quote (PDF)");
    await waitFor("the dialog open", () => tab.run(() => document.querySelector("dialog")?.open), Boolean);
    await tab.fill("Name", validCustomer.name);
    await tab.fill("Email", `quote-${engine.name}@example.co.ke`);
    await tab.press("Enter");
    await waitForToast(tab, /Quote Q-\d{4}-\d{5,} downloaded/);
    // Firefox makes the file empty first and fills it when the download ends: wait for its bytes.
    await waitFor(
      `a quote PDF (Q-….pdf starting %PDF-) in ${engine.downloads}`,
      async () =>
        readdirSync(engine.downloads)
          .filter((name) => QUOTE_FILE.test(name))
          .map((name) => [name, readFileSync(join(engine.downloads, name)).subarray(0, 5).toString("latin1")]),
      (files) => files.some(([, head]) => head === "%PDF-"),
    );
  },
};

/** Server HTML alone: a heading, readable text, no layout hidden until a script runs. */
function pageReads(tab: Tab): Promise<{ h1: string; words: number; shown: boolean; scripted: boolean }> {
  return tab.run(() => {
    const h1 = document.querySelector("h1");
    const main = document.querySelector("main");
    return {
      h1: (h1?.textContent ?? "").trim(),
      words: (main?.innerText ?? "").split(/\s+/).filter(Boolean).length,
      shown: !!h1 && h1.getClientRects().length > 0 && getComputedStyle(h1).visibility !== "hidden",
      scripted: document.documentElement.hasAttribute("data-js-ready"),
    };
  });
}

const noScripts: Flow = {
  name: "8 scripts off: every page still reads",
  javaScript: false,
  async run(tab) {
    const failures: string[] = [];
    for (const path of publicRoutes) {
      await tab.goto(path);
      const page = await pageReads(tab);
      check(!page.scripted, `${path}: scripts ran although they are off`);
      if (!page.h1 || !page.shown || page.words < 5) failures.push(`${path}: ${JSON.stringify(page)}`);
    }
    check(failures.length === 0, `pages that do not read without scripts:\n${failures.join("\n")}`);
  },
};

export const pageFlows = [faq, menu, quoteDialog, noScripts];
