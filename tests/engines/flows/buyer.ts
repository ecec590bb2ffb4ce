import { inCart, quoteService, validCustomer } from "../../browser/support/cart.ts";
import { check, type Tab, waitFor } from "../engine.ts";
import type { Flow } from "./flow.ts";
import { openReady, seedCart, storedCart, textOf, waitForPath, waitForText, waitForToast } from "./page.ts";

const BAR = 'section[aria-label="Your selection"]';

const pricing: Flow = {
  name: "1 /pricing: a plan and an add-on, the toast with View Cart",
  async run(tab) {
    await openReady(tab, "/pricing");
    await tab.click("button", "Add to Cart for Business");
    await waitForToast(tab, "Business added to cart!");
    await tab.click("button", "Add to Cart for Cybersecurity Audit");
    await waitForToast(tab, "Cybersecurity Audit added to cart!");
    const names = ((await storedCart(tab)) as { name: string }[]).map((item) => item.name);
    check(names.join() === "Business,Cybersecurity Audit", `stored cart holds ${names.join()}`);
    // By keyboard: a pointer moved onto the toasts expands their stack and moves the button while
    // WebKit's WebDriver clicks where it was (now and then a click on nothing). Tab then Enter is
    // how a keyboard user reaches it.
    const focused = await tab.run(() => {
      const button = Array.from(document.querySelectorAll<HTMLButtonElement>("[data-sonner-toast] button")).find(
        (b) => b.textContent === "View Cart",
      );
      button?.focus();
      return document.activeElement === button;
    });
    check(focused, "the toast's View Cart button takes the focus");
    await tab.press("Enter");
    await waitForPath(tab, "/custom-quote");
  },
};

async function waitForChecked(tab: Tab, id: string, checked: boolean): Promise<void> {
  await waitFor(
    `service ${id} ${checked ? "checked" : "unchecked"}`,
    () => tab.run((value: string) => document.querySelector<HTMLInputElement>(`input[value="${value}"]`)?.checked, id),
    (now) => now === checked,
  );
}

const customQuote: Flow = {
  name: "2 /custom-quote: select and deselect; the bar shows count and total",
  async run(tab) {
    await openReady(tab, "/custom-quote");
    await tab.click("checkbox", "Printer Setup");
    await waitForChecked(tab, "e3", true);
    await waitForText(tab, BAR, ["1 Services Selected", "$40.00"]);
    await tab.click("checkbox", "Cloud Migration (Full)");
    await waitForText(tab, BAR, ["2 Services Selected", "$1,840.00"]);
    await tab.click("checkbox", "Printer Setup");
    await waitForChecked(tab, "e3", false);
    await waitForText(tab, BAR, ["1 Services Selected", "$1,800.00"]);
    await tab.click("checkbox", "Cloud Migration (Full)");
    await waitFor(
      "the bar to go",
      () =>
        tab.run((css: string) => {
          const bar = document.querySelector(css);
          return !bar || bar.getClientRects().length === 0 || getComputedStyle(bar).visibility === "hidden";
        }, BAR),
      Boolean,
    );
    check((await storedCart(tab)) === null, "the cart is not empty after deselecting everything");
  },
};

/** The spec's table: a wrong value per field and the message under it. */
const badFields: [string, string, string][] = [
  ["Full Name", "A", "Name is required"],
  ["Email", "not-an-email", "Invalid email address"],
  ["Phone", "07123", "Phone number is required"],
  ["Address", "Moi", "Address is required"],
  ["City", "N", "City is required"],
  ["State", " K ", "State is required"],
  ["ZIP Code", "001", "ZIP code is required"],
  ["Country", "K", "Country is required"],
];

/** Each invalid field's label and the text of what describes it. */
function fieldMessages(tab: Tab): Promise<[string, string][]> {
  return tab.run(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>("input[aria-invalid=true]"), (input) => {
      const label = (input.labels?.[0]?.textContent ?? "").replace(/\s+/g, " ").trim();
      const ids = (input.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
      const description = ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? "").join(" ");
      return [label, description] as [string, string];
    }),
  );
}

const checkout: Flow = {
  name: "3 /checkout: the field messages, then pay on the stand-in's page; success clears the cart",
  async run(tab) {
    // 2 × Network Assessment ($150) + Basic Troubleshooting Session ($20) = $320.00
    const cart = [inCart(quoteService("s1"), 2), inCart(quoteService("e1"))];
    await seedCart(tab, cart);
    await openReady(tab, "/checkout");
    for (const [label, value] of badFields) await tab.fill(label, value);
    await tab.click("button", "Pay $320.00");
    const wanted = JSON.stringify(badFields.map(([label, , message]) => [label, message]));
    await waitFor(
      "each field's message",
      () => fieldMessages(tab),
      (seen) => JSON.stringify(seen) === wanted,
    );
    check((await tab.tabCount()) === 1, "a payment tab opened for an invalid form");

    const labels: Record<string, string> = { name: "Full Name", email: "Email", phone: "Phone" };
    const rest = { address: "Address", city: "City", state: "State", zip: "ZIP Code", country: "Country" };
    for (const [field, label] of Object.entries({ ...labels, ...rest })) {
      await tab.fill(label, validCustomer[field as keyof typeof validCustomer] ?? "");
    }
    await tab.click("button", "Pay $320.00");
    await waitFor(
      "the payment tab",
      () => tab.tabCount(),
      (n) => n === 2,
    );
    // The checkout tab empties the cart and goes to the success page while the buyer pays.
    await waitForPath(tab, "/checkout/success");
    await waitFor(
      "the cart cleared",
      () => storedCart(tab),
      (stored) => stored === null,
    );
    await tab.use(1);
    await waitFor(
      "the stand-in's payment page",
      () => tab.url(),
      (url) => url.includes("/pay/cs_test_"),
    );
    // As when the popup was blocked and this tab left the checkout with the cart still stored.
    await tab.run((raw: string) => localStorage.setItem("cart", raw), JSON.stringify(cart));
    await tab.click("button", "Pay $320.00 (succeeds)");
    await waitForPath(tab, "/checkout/success");
    await waitFor(
      "the success heading",
      () => textOf(tab, "h1"),
      (text) => text === "Payment Successful!",
    );
    await waitFor(
      "the success page to clear the cart",
      () => storedCart(tab),
      (stored) => stored === null,
    );
  },
};

const contact: Flow = {
  name: "4 /contact: the form sends, with its toast",
  async run(tab, engine) {
    await openReady(tab, "/contact");
    const message: Record<string, string> = {
      "Full Name": "Amina Otieno",
      Email: `amina-${engine.name}@example.co.ke`,
      "Company (optional)": "Savannah Logistics",
      "Phone (optional)": "+254 711 222 333",
      Message: "We need help moving our dispatch system to the cloud.",
    };
    for (const [label, value] of Object.entries(message)) await tab.fill(label, value);
    await tab.click("button", "Send Message");
    const toast = await waitForToast(tab, "Message Sent!");
    check(toast.includes("We'll get back to you within 24 hours."), `the toast reads "${toast}"`);
    const left = await tab.run(() =>
      Array.from(document.querySelectorAll("form input, form textarea"), (el) => (el as HTMLInputElement).value),
    );
    check(
      left.every((value) => value === ""),
      `the form still holds ${JSON.stringify(left)}`,
    );
  },
};

export const buyerFlows = [pricing, customQuote, checkout, contact];
