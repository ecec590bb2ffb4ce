import { describe, expect, it } from "vitest";
import { CART_STORAGE_KEY } from "../../src/client/cart/store.ts";
import { company, hoursText } from "../../src/content/company.ts";
import { get, pageEntries } from "./support/html.ts";

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
    says: ["Data Protection Act, 2019", "ODPC", "within 48 hours", "client relationship plus 7 years"],
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
    says: ["no tracking", "localStorage", `"${CART_STORAGE_KEY}"`, "OpenStreetMap"],
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
const scriptSrcs = pageEntries;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The first tag matching `pattern`, or a failure naming the pattern (not the whole page). */
function firstTag(html: string, pattern: RegExp): string {
  const tag = html.match(pattern)?.[0];
  if (!tag) throw new Error(`no tag matches ${pattern}`);
  return tag;
}

/** The attributes of one opening tag, by name (valueless attributes map to ""). */
function attributesOf(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of tag.matchAll(/\s([a-zA-Z-]+)(?:="([^"]*)")?/g)) attrs[m[1] ?? ""] = m[2] ?? "";
  return attrs;
}

/** An inline script other than the island loader (which security-headers.test.ts pins by hash). */
const hasInlineScript = (html: string) =>
  /<script\b(?![^>]*\b(?:src|data-entries)=)(?![^>]*type="application\/ld\+json")[^>]*>/.test(html);

describe("legal pages", () => {
  it.each(legalPaths)("%s answers 200 with its heading, date and policy figures", async (path) => {
    const expected = legalExpectations[path];
    if (!expected) throw new Error(`no expectations for ${path}`);
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.h1).toBe(expected.h1);
    expect(page.title).toContain(expected.h1);
    expect(page.text).toContain(DATED);
    expect(page.html).toContain('<time dateTime="2025-01-17">January 17, 2025</time>');
    for (const phrase of expected.says) expect(page.text, `${path} states "${phrase}"`).toContain(phrase);
    expect(page.text).toContain(company.legalName);
  });

  it.each(legalPaths)("%s numbers its sections and links each from the table of contents", async (path) => {
    const { html } = await get(path);
    const ids = [...html.matchAll(/<section id="([a-z0-9-]+)" aria-labelledby/g)].map((m) => m[1] ?? "");
    expect(ids.length).toBeGreaterThanOrEqual(6);
    for (const id of ids) expect(html, `${path} links #${id}`).toContain(`href="#${id}"`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("cross-links the documents by their exact paths", async () => {
    for (const path of legalPaths) {
      const { html } = await get(path);
      // The "Related policies" list links every other document.
      for (const other of legalPaths.filter((p) => p !== path))
        expect(html, `${path} → ${other}`).toContain(`href="${other}"`);
    }
    const terms = await get("/terms");
    expect(terms.html).toMatch(/<a href="\/privacy"[^>]*>Privacy Policy<\/a>/);
    expect(terms.html).toMatch(/<a href="\/dpa"[^>]*>Data Processing Addendum<\/a>/);
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
    const form = attributesOf(firstTag(page.html, /<form\b[^>]*>/));
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
      const control = attributesOf(firstTag(page.html, new RegExp(`<${field.tag}\\b[^>]*\\bid="${id}"[^>]*>`)));
      expect(control.name, id).toBe(field.name);
      expect(control.type, id).toBe(field.type);
      expect("required" in control, `${id} required`).toBe(field.required);
      expect(page.html, `label of ${id}`).toMatch(new RegExp(`<label for="${id}"[^>]*>${field.label}<`));
    }
    // Required fields carry a visible asterisk; optional ones say so.
    expect(page.text).toContain("Full Name * Email * Company (optional) Phone (optional) Message *");
    expect(page.html).toMatch(/<button type="submit"[^>]*>Send Message<\/button>/);
  });

  it("shows the contact details with tel: and mailto: links and a Call Now button", async () => {
    const { html, text } = await get("/contact");
    const main = html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
    expect(main).toContain(`href="${company.phone.href}"`);
    expect(main).toMatch(new RegExp(`<a href="${escapeRegExp(company.phone.href)}"[^>]*>(?:(?!</a>).)*Call Now</a>`));
    for (const email of Object.values(company.emails)) expect(main).toContain(`href="${email.href}"`);
    for (const line of company.address.lines) expect(text).toContain(line);
    expect(text).toContain(hoursText);
    expect(text).toContain("within 24 hours");
  });

  it("embeds a lazy, titled OpenStreetMap of the office with a link to a larger map", async () => {
    const { html } = await get("/contact");
    const iframes = html.match(/<iframe\b[^>]*>/g) ?? [];
    expect(iframes).toHaveLength(1);
    const iframe = iframes[0] ?? "";
    const { latitude, longitude } = company.geo;
    expect(iframe).toContain('src="https://www.openstreetmap.org/export/embed.html?bbox=');
    expect(iframe).toContain(`marker=${latitude},${longitude}`);
    expect(iframe).toContain('loading="lazy"');
    expect(iframe).toMatch(/title="Map showing the [^"]+ office[^"]*"/);
    expect(iframe).toMatch(/width="\d+"/);
    expect(iframe).toMatch(/height="\d+"/);
    expect(iframe).toContain('referrerPolicy="strict-origin-when-cross-origin"');
    expect(html).toMatch(/<a href="https:\/\/www\.openstreetmap\.org\/\?mlat=[^"]+"[^>]*>View larger map/);
  });

  it("marks the form and toaster islands and loads the contact script", async () => {
    const { html } = await get("/contact");
    expect(html.split('data-island="ContactForm"')).toHaveLength(2);
    expect(html.split('data-island="AppToaster"')).toHaveLength(2);
    expect(html).toContain('aria-label="Notifications alt+T"');
    expect(scriptSrcs(html).some((src) => /contact/.test(src))).toBe(true);
    expect(hasInlineScript(html)).toBe(false);
  });
});

describe("static pages ship no React", () => {
  it("loads only the header script on the legal pages and /about, unlike /contact", async () => {
    const contact = scriptSrcs((await get("/contact")).html);
    const about = scriptSrcs((await get("/about")).html);
    expect(about).toHaveLength(1);
    const [headerScript] = about;
    expect(contact).toContain(headerScript);
    expect(contact.length).toBeGreaterThan(1);
    for (const path of legalPaths) {
      const { html } = await get(path);
      expect(scriptSrcs(html), path).toEqual([headerScript]);
      expect(html, path).not.toContain("data-preload=");
      expect(html, path).not.toContain("data-island");
      expect(hasInlineScript(html), path).toBe(false);
    }
  });
});
