import { describe, expect, it } from "vitest";
import { CART_STORAGE_KEY } from "../../src/client/cart/store.ts";
import { company, hoursText } from "../../src/site/company-copy.ts";
import {
  attributesOf,
  get,
  linksIn,
  pageFiles,
  pageScripts,
  parseDocument,
  type Queryable,
  queryAll,
} from "./support/html.ts";

const DATED = "Last Updated: January 17, 2025";
const legalPaths = ["/terms", "/privacy", "/refund", "/cookie", "/dpa", "/aup"];

/** Each document's heading and policy figures from spec section 9 that it must state. */
const legalExpectations: Record<string, { h1: string; says: string[] }> = {
  "/terms": {
    h1: "Terms of Service",
    says: [
      "Kenya Shillings (KES)",
      "30 days' written notice",
      "50% deposit",
      "interest of 5% per month",
      "more than 30 days overdue",
      "up to 15%",
      "valid for 12 months",
      "cards, mobile money and bank transfer",
      hoursText,
    ],
  },
  "/privacy": {
    h1: "Privacy Policy",
    says: ["Data Protection Act, 2019", "ODPC", "within 48 hours", "client relationship plus 7 years", "within 7 days"],
  },
  "/refund": {
    h1: "Refund Policy",
    says: [
      "within 7 days of paying",
      "administrative fee of 20%",
      "within 3 business days",
      "within 7-10 business days",
      "valid for 12 months",
      "30 days' notice",
    ],
  },
  "/cookie": {
    h1: "Cookie Policy",
    says: ["no third-party tracking", "localStorage", `"${CART_STORAGE_KEY}"`, "OpenStreetMap", "/64"],
  },
  "/dpa": {
    h1: "Data Processing Addendum",
    says: ["Data Protection Act, 2019", "within 48 hours", "client relationship plus 7 years", "section 43"],
  },
  "/aup": {
    h1: "Acceptable Use Policy",
    says: ["Computer Misuse and Cybercrimes Act, 2018", "suspend", "within 24 hours"],
  },
};

/** The client bundles the page's island loader imports, in order. */

/** The first element matching `selector`, or a failure naming the selector (not the whole page). */
function firstElement(root: Queryable, selector: string): Element {
  const element = root.querySelector(selector);
  if (!element) throw new Error(`no element matches ${selector}`);
  return element;
}

/** An inline script other than the island loader (which security-headers.test.ts pins by hash). */
const hasInlineScript = (html: string) =>
  queryAll(parseDocument(html), 'script:not([src]):not([data-entries]):not([type="application/ld+json"])').length > 0;

describe("legal pages", () => {
  it.each(legalPaths)("%s answers 200 with its heading, date and policy figures", async (path) => {
    const expected = legalExpectations[path];
    if (!expected) throw new Error(`no expectations for ${path}`);
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.h1).toBe(expected.h1);
    expect(page.title).toContain(expected.h1);
    expect(page.text).toContain(DATED);
    expect(
      page.queryAll("time").map((time) => ({ dateTime: time.getAttribute("datetime"), text: time.textContent })),
    ).toContainEqual({ dateTime: "2025-01-17", text: "January 17, 2025" });
    for (const phrase of expected.says) expect(page.text, `${path} states "${phrase}"`).toContain(phrase);
    expect(page.text).toContain(company.legalName);
  });

  it.each(legalPaths)("%s numbers its sections and links each from the table of contents", async (path) => {
    const page = await get(path);
    const ids = page.queryAll("section[id][aria-labelledby]").map((section) => section.id);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    const hrefs = linksIn(page.document).map((link) => link.href);
    for (const id of ids) {
      expect(id).toMatch(/^[a-z0-9-]+$/);
      expect(hrefs, `${path} links #${id}`).toContain(`#${id}`);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("cross-links the documents by their exact paths", async () => {
    for (const path of legalPaths) {
      const hrefs = linksIn((await get(path)).document).map((link) => link.href);
      // The "Related policies" list links every other document.
      for (const other of legalPaths.filter((p) => p !== path)) expect(hrefs, `${path} → ${other}`).toContain(other);
    }
    const terms = linksIn((await get("/terms")).document);
    expect(terms).toContainEqual({ href: "/privacy", text: "Privacy Policy" });
    expect(terms).toContainEqual({ href: "/dpa", text: "Data Processing Addendum" });
  });

  it("gives the cookie policy no claim of cookies the site does not set", async () => {
    const { text } = await get("/cookie");
    expect(text).toContain("sets no cookies of its own");
    expect(text).not.toMatch(/Google Analytics|Facebook Pixel|_ga\b/);
  });
});

describe("contact page", () => {
  it("answers 200 with the message form, its labelled fields and the browser's own checks", async () => {
    const page = await get("/contact");
    expect(page.status).toBe(200);
    const form = attributesOf(firstElement(page.document, "form"));
    expect(form.method).toBe("post");
    expect(form.action).toBe("/api/contact");
    const fields = [
      { name: "name", label: "Full Name", tag: "input", type: "text", required: true },
      { name: "email", label: "Email", tag: "input", type: "email", required: true },
      { name: "company", label: "Company", tag: "input", type: "text", required: false },
      { name: "phone", label: "Phone", tag: "input", type: "tel", required: false },
      { name: "message", label: "Message", tag: "textarea", type: undefined, required: true },
    ];
    for (const field of fields) {
      const id = `contact-${field.name}`;
      const control = attributesOf(firstElement(page.document, `${field.tag}[id="${id}"]`));
      expect(control.name, id).toBe(field.name);
      expect(control.type, id).toBe(field.type);
      expect("required" in control, `${id} required`).toBe(field.required);
      // The label's text starts with the field's name (an asterisk or "(optional)" follows in its own element).
      const labels = page.queryAll(`label[for="${id}"]`).map((label) => label.firstChild?.nodeValue);
      expect(labels, `label of ${id}`).toContain(field.label);
    }
    // Required fields carry a visible asterisk; optional ones say so.
    expect(page.text).toContain("Full Name * Email * Company (optional) Phone (optional) Message *");
    expect(page.queryAll('button[type="submit"]').map((button) => button.textContent)).toContain("Send Message");
  });

  it("shows the contact details with tel: and mailto: links and a Call Now button", async () => {
    const { query, text } = await get("/contact");
    const links = linksIn(query("main#main"));
    const hrefs = links.map((link) => link.href);
    expect(hrefs).toContain(company.phone.href);
    expect(links.some((link) => link.href === company.phone.href && link.text.endsWith("Call Now"))).toBe(true);
    for (const email of Object.values(company.emails)) expect(hrefs).toContain(email.href);
    for (const line of company.address.lines) expect(text).toContain(line);
    expect(text).toContain(hoursText);
    expect(text).toContain("within 24 hours");
  });

  it("embeds a lazy, titled OpenStreetMap of the office with a link to a larger map", async () => {
    const page = await get("/contact");
    const iframes = page.queryAll("iframe");
    expect(iframes).toHaveLength(1);
    const iframe = attributesOf(iframes[0]);
    const { latitude, longitude } = company.geo;
    expect(iframe.src).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=/);
    expect(iframe.src).toContain(`marker=${latitude},${longitude}`);
    expect(iframe.loading).toBe("lazy");
    expect(iframe.title).toMatch(/^Map showing the .+ office/);
    expect(iframe.width).toMatch(/^\d+$/);
    expect(iframe.height).toMatch(/^\d+$/);
    expect(iframe.referrerpolicy).toBe("strict-origin-when-cross-origin");
    const larger = linksIn(page.document).filter((link) =>
      link.href.startsWith("https://www.openstreetmap.org/?mlat="),
    );
    expect(larger.some((link) => link.text.startsWith("View larger map"))).toBe(true);
  });

  it("marks the form and toaster islands and runs the office map script", async () => {
    const { html } = await get("/contact");
    expect(html.split('data-island="ContactForm"')).toHaveLength(2);
    expect(html.split('data-island="AppToaster"')).toHaveLength(2);
    expect(html).toContain('aria-label="Notifications alt+T"');
    expect(pageScripts(html)).toEqual(["header", "office-map"]);
    expect(hasInlineScript(html)).toBe(false);
  });
});

describe("static pages ship no React", () => {
  it("runs only the header script on the legal pages and /about, and loads React only on /contact", async () => {
    const loadsReact = (html: string) => pageFiles(html).some((file) => /hydrate/.test(file));
    const contact = (await get("/contact")).html;
    const about = (await get("/about")).html;
    expect(pageScripts(about)).toEqual(["header"]);
    expect(loadsReact(about)).toBe(false);
    expect(loadsReact(contact)).toBe(true);
    for (const path of legalPaths) {
      const { html } = await get(path);
      expect(pageScripts(html), path).toEqual(["header"]);
      expect(loadsReact(html), path).toBe(false);
      expect(html, path).not.toContain("data-island");
      expect(hasInlineScript(html), path).toBe(false);
    }
  });
});
