import { type Role, type Tab, waitFor } from "../engine.ts";

/**
 * Reads of the page that every flow shares. They run in the page (Tab.run), so they read the DOM
 * the same way in every engine; what a flow clicks or types is found by role and name instead.
 */

/** Waits until the page's bundles have run (the island loader marks <html data-js-ready>). */
async function scriptsReady(tab: Tab): Promise<void> {
  await waitFor(
    "the page's scripts (html[data-js-ready])",
    () => tab.run(() => document.documentElement.hasAttribute("data-js-ready")),
    Boolean,
  );
}

export async function openReady(tab: Tab, path: string): Promise<void> {
  await tab.goto(path);
  await scriptsReady(tab);
}

/** The texts of the toasts on screen (sonner's <li data-sonner-toast>). */
function toasts(tab: Tab): Promise<string[]> {
  return tab.run(() =>
    Array.from(document.querySelectorAll("[data-sonner-toast]"), (toast) =>
      (toast.textContent ?? "").replace(/\s+/g, " ").trim(),
    ),
  );
}

export async function waitForToast(tab: Tab, text: string | RegExp): Promise<string> {
  const all = await waitFor(
    `a toast with ${text}`,
    () => toasts(tab),
    (list) => list.some((t) => matches(t, text)),
  );
  return all.find((t) => matches(t, text)) ?? "";
}

const matches = (value: string, text: string | RegExp) =>
  typeof text === "string" ? value.includes(text) : text.test(value);

/** The element's text, hidden labels included, whitespace collapsed. */
export function textOf(tab: Tab, selector: string): Promise<string | null> {
  return tab.run((css: string) => {
    const el = document.querySelector(css);
    return el ? (el.textContent ?? "").replace(/\s+/g, " ").trim() : null;
  }, selector);
}

export async function waitForText(tab: Tab, selector: string, wanted: string[]): Promise<void> {
  await waitFor(
    `${selector} to read ${wanted.join(" … ")}`,
    () => textOf(tab, selector),
    (text) => text !== null && wanted.every((part) => text.includes(part)),
  );
}

export async function waitForPath(tab: Tab, path: string): Promise<void> {
  await waitFor(
    `the address ${path}`,
    async () => new URL(await tab.url()).pathname,
    (now) => now === path,
  );
}

export async function waitForShown(tab: Tab, role: Role, name: string, shown = true): Promise<void> {
  await waitFor(
    `${role} "${name}" ${shown ? "shown" : "hidden"}`,
    () => tab.count(role, name),
    (n) => n > 0 === shown,
  );
}

/** The stored cart (localStorage "cart"), parsed; null when there is none. */
export function storedCart(tab: Tab): Promise<unknown> {
  return tab.run(() => {
    const raw = localStorage.getItem("cart");
    return raw === null ? null : JSON.parse(raw);
  });
}

/** Stores a cart as a returning visitor would have it; the next page load reads it. */
export async function seedCart(tab: Tab, cart: unknown): Promise<void> {
  await tab.goto("/terms");
  await tab.run((raw: string) => localStorage.setItem("cart", raw), JSON.stringify(cart));
}
