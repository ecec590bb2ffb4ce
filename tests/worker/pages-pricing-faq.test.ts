import { beforeAll, describe, expect, it } from "vitest";
import { pricingCartItems } from "../../src/catalogue/pricing-cart-items.ts";
import {
  attributesOf,
  type FetchedPage,
  get,
  linksIn,
  pageEntries,
  pageScripts,
  type Queryable,
  queryAll,
  textOf,
} from "./support/html.ts";

/** The spec's priced items (section 9), written out here so a changed name or price fails a test. */
const specItems = [
  ["Starter", 150, "Monthly Subscription"],
  ["Business", 375, "Monthly Subscription"],
  ["Enterprise", 750, "Monthly Subscription"],
  ["Quick Tech Fix", 50, "One-Time Service"],
  ["Software Installation", 75, "One-Time Service"],
  ["Email Configuration", 100, "One-Time Service"],
  ["Data Backup Setup", 150, "One-Time Service"],
  ["Website Updates", 125, "One-Time Service"],
  ["Network Configuration", 200, "One-Time Service"],
  ["IT Health Check", 250, "One-Time Service"],
  ["IT Consultation Session", 300, "One-Time Service"],
  ["Security Hardening", 400, "One-Time Service"],
  ["Custom Automation Script", 500, "One-Time Service"],
  ["Cybersecurity Audit", 75, "Add-On Service"],
  ["Cloud Migration Package", 115, "Add-On Service"],
  ["Emergency Support Package", 45, "Add-On Service"],
  ["Training Workshop", 60, "Add-On Service"],
] as const;

/** The page's <main>, without the header and footer, whose links would satisfy any link check. */
function mainOf(page: FetchedPage): Element {
  const main = page.query("main");
  if (!main) throw new Error("the page has no <main>");
  return main;
}

function hrefsIn(root: Queryable): string[] {
  return linksIn(root).map((link) => link.href);
}

type AddToCartButton = { attributes: Record<string, string>; item: Record<string, unknown>; text: string };

/**
 * The Add to Cart buttons, with the cart item each names: data-add-to-cart holds its id, and the
 * pricing script adds the catalogue's item of that id (nothing when there is none).
 */
function addToCartButtons(page: FetchedPage): AddToCartButton[] {
  return page.queryAll("button[data-add-to-cart]").map((button) => ({
    attributes: attributesOf(button),
    item: pricingCartItems.find((item) => item.id === button.getAttribute("data-add-to-cart")) ?? {},
    text: textOf(button),
  }));
}

/** The text of each element matching `selector` under root (textContent: exactly what the element holds). */
const textsOf = (root: Queryable, selector: string) => queryAll(root, selector).map((el) => el.textContent);

/** Whether the first node of an element, whitespace aside, is `child`. */
const opensWith = (element: Element, child: Element | null) =>
  child !== null && Array.from(element.childNodes).find((n) => n.nodeType !== 3 || n.nodeValue?.trim()) === child;

// The first request compiles the worker's modules; let it take longer than a test's 5 s.
beforeAll(() => get("/pricing"), 60_000);

describe("/pricing", () => {
  it("answers 200 with its heading", async () => {
    const page = await get("/pricing");
    expect(page.status).toBe(200);
    expect(page.h1).toBe("Simple, Transparent Pricing");
  });

  it("shows every plan, one-time service and add-on with its price in dollars and cents", async () => {
    const { text } = await get("/pricing");
    for (const [name, price] of specItems) {
      expect(text, name).toContain(name);
      expect(text, name).toContain(`$${price}.00`);
    }
    expect(text).toContain("$375.00 /month");
    expect(text).toContain("Most Popular");
  });

  it("states the plans' allowances and the Emergency Support Package's response time", async () => {
    const { text } = await get("/pricing");
    for (const feature of [
      "10 support hours per month",
      "1 active project",
      "Response time: 4 hours",
      "25 support hours per month",
      "2 active projects",
      "24/7 SLA",
      "Response time: 1 hour",
      "Unlimited support hours",
      "Unlimited projects",
      "Response time: 30 minutes",
      "Dedicated engineer",
      "15-minute response",
    ])
      expect(text).toContain(feature);
  });

  it("gives each of the 17 items an Add to Cart button carrying exactly its cart item", async () => {
    const buttons = addToCartButtons(await get("/pricing"));
    expect(buttons).toHaveLength(17);
    for (const [index, [name, price, category]] of specItems.entries()) {
      const button = buttons[index];
      if (!button) throw new Error(`no button for ${name}`);
      const id = `pricing-${name.toLowerCase().split(" ").join("-")}`;
      expect(button.item).toMatchObject({ id, name, price, category, tier: "small" });
      expect(Object.keys(button.item).sort()).toEqual(["category", "description", "id", "name", "price", "tier"]);
      expect(button.attributes.type).toBe("button");
      expect(button.text).toBe(`Add to Cart for ${name}`);
    }
    expect(buttons.find((b) => b.item.id === "pricing-quick-tech-fix")?.item).toMatchObject({
      name: "Quick Tech Fix",
      price: 50,
      category: "One-Time Service",
    });
  });

  it("runs the header and add-to-cart scripts, hydrates islands, and renders one toaster island", async () => {
    const page = await get("/pricing");
    expect(pageEntries(page.html)).toHaveLength(1);
    expect(pageScripts(page.html)).toEqual(["header", "pricing-cart"]);
    expect(page.count('data-island="AppToaster"')).toBe(1);
  });

  it("has a comparison table with a caption and scoped headers", async () => {
    const table = (await get("/pricing")).query("table");
    if (!table) throw new Error("no <table> on /pricing");
    expect(textsOf(table, "caption")).toContain("Monthly support plans compared");
    for (const plan of ["Starter", "Business", "Enterprise"]) expect(textsOf(table, 'th[scope="col"]')).toContain(plan);
    expect(textsOf(table, 'th[scope="row"]')).toContain("Response time");
    expect(textOf(table)).toContain("4 hours 1 hour 30 minutes");
  });

  it("states the payment terms, with overage hours at $19/hour", async () => {
    const { text } = await get("/pricing");
    for (const term of [
      "billed at $19/hour",
      "50% deposit",
      "5% monthly interest",
      "suspended after 30 days overdue",
      "up to 15%",
      "by paying a plan yearly: switch any time in the billing portal",
      "30 days' notice",
      "cards, mobile money and bank transfer",
    ])
      expect(text).toContain(term);
    expect(text).not.toContain("KES 2,500");
    expect(text).not.toContain("KES 7,999");
  });

  it("answers three pricing questions, including when plan changes take effect", async () => {
    const main = mainOf(await get("/pricing"));
    expect(queryAll(main, '[name="pricing-faq"]')).toHaveLength(3);
    const text = textOf(main);
    expect(text).toContain("Upgrades take effect immediately");
    expect(text).toContain("Downgrades take effect at the next billing cycle");
  });

  it("links to the FAQ, contact, services, terms and privacy pages from its own content", async () => {
    const hrefs = hrefsIn(mainOf(await get("/pricing")));
    for (const href of ["/faq", "/contact", "/services", "/terms", "/privacy"]) expect(hrefs).toContain(href);
  });
});

describe("/faq", () => {
  it("answers 200 with its heading and no client script but the header's", async () => {
    const page = await get("/faq");
    expect(page.status).toBe(200);
    expect(page.h1).toBe("Frequently Asked Questions");
    expect(pageScripts(page.html)).toEqual(["header"]);
    expect(page.html).not.toContain("data-island");
  });

  it("groups at least four collapsible questions under each of five categories", async () => {
    // The sections with an id that open with their h2.
    const sections = queryAll(mainOf(await get("/faq")), "section[id]").filter((section) =>
      opensWith(section, section.querySelector(":scope > h2")),
    );
    expect(sections.map((s) => textOf(s.querySelector(":scope > h2")))).toEqual([
      "General",
      "Services",
      "Pricing & Payment",
      "Support",
      "Security & Data",
    ]);
    for (const section of sections) {
      const details = queryAll(section, "details");
      expect(details.length, section.id).toBeGreaterThanOrEqual(4);
      expect(queryAll(section, "summary")).toHaveLength(details.length);
    }
  });

  it("gives every question the same details name, so one opens at a time, and none starts open", async () => {
    const details = queryAll(mainOf(await get("/faq")), "details").map((d) => attributesOf(d));
    expect(details.length).toBeGreaterThanOrEqual(20);
    for (const attributes of details) {
      expect(attributes.name).toBe("faq");
      expect(attributes).not.toHaveProperty("open");
    }
  });

  it("keeps the FAQ's own prices as the spec writes them", async () => {
    const { text } = await get("/faq");
    expect(text).toContain("KES 2,500/hour");
    expect(text).toContain("KES 7,999");
    expect(text).not.toContain("$19/hour");
  });

  it("answers consistently with the stated policies", async () => {
    const { text } = await get("/faq");
    for (const policy of [
      "full refund if you cancel within 7 days and before work starts",
      "20% administrative fee",
      "within 3 business days",
      "within 7-10 business days",
      "Service credits, where offered instead, last 12 months",
      "within 48 hours",
      "plus 7 years",
      "Monday-Friday 9:00-18:00 East Africa Time",
      "within 24 hours",
      "50% deposit",
      "5% monthly interest",
      "30 days overdue",
      "up to 15%",
      "30 days' notice",
      "Cards, mobile money and bank transfer",
      "Upgrades take effect immediately; downgrades at the next billing cycle",
    ])
      expect(text).toContain(policy);
  });

  it("links to the contact page and to a phone number", async () => {
    const hrefs = hrefsIn(mainOf(await get("/faq")));
    expect(hrefs).toContain("/contact");
    expect(hrefs.some((href) => /^tel:\+254\d{9}$/.test(href))).toBe(true);
  });
});

describe("Custom Quote", () => {
  it("lists each tier's services from the cheapest up", async () => {
    const page = await get("/custom-quote");
    const tiers = page.queryAll('section[aria-labelledby^="tier-"]');
    expect(tiers).toHaveLength(4);
    for (const tier of tiers) {
      const prices = queryAll(tier, "li")
        .map((li) => /\$([\d,]+\.\d\d)/.exec(textOf(li))?.[1])
        .map((price) => Number(price?.replace(/,/g, "")));
      expect(prices.length).toBeGreaterThan(0);
      expect(prices.every(Number.isFinite)).toBe(true);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }
  });
});

describe("yearly plans", () => {
  it("cost twelve months less 15%, in whole cents: $1,530, $3,825 and $7,650 a year", async () => {
    const { plans } = await import("../../src/catalogue/pricing-copy.ts");
    const { yearlyCents } = await import("../../src/catalogue/plan-prices.ts");
    expect(plans.map((plan) => yearlyCents(plan.price * 100))).toEqual([153_000, 382_500, 765_000]);
  });
});
