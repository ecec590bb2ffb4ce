import { describe, expect, it } from "vitest";
import { services } from "../../src/catalogue/services-copy.ts";
import { commitments, csrInitiatives, values } from "../../src/site/about-copy.ts";
import { aboutPage } from "../../src/site/about-page.tsx";
import { company } from "../../src/site/company-copy.ts";
import { homePage } from "../../src/site/home-page.tsx";
import { industries } from "../../src/site/industries-copy.ts";
import { servicesPage } from "../../src/site/services-page.tsx";
import { testimonials } from "../../src/site/testimonials-copy.ts";
import { type FetchedPage, get, linksIn, queryAll, textOf } from "./support/html.ts";

/** The <main> of a page: header and footer links must not satisfy a page's own calls to action. */
const mainOf = (page: FetchedPage) => page.query("main");

const linksTo = (page: FetchedPage, text: string) => linksIn(mainOf(page)).filter((l) => l.text === text);

/** Heading levels in document order, e.g. [1, 2, 3, 3, 2]. */
const headingLevels = (page: FetchedPage) =>
  page.queryAll("h1, h2, h3, h4, h5, h6").map((heading) => Number(heading.tagName.slice(1)));

/** The links of the closing call to action (the section labelled by #cta-heading). */
const ctaHrefs = (page: FetchedPage) => linksIn(page.query('[aria-labelledby="cta-heading"]')).map((l) => l.href);

/** Whether a URL is on another origin (absolute or protocol-relative). */
const isForeign = (url: string | null) => /^(https?:)?\/\//.test(url ?? "");

/** Spec section 9: every service's timeline and starting price, as the cards display them. */
const specServices = [
  { title: "IT Strategy & Business Transformation", timeline: "4-8 weeks", price: "From $1,150.00" },
  { title: "Cloud & Infrastructure", timeline: "6-12 weeks", price: "From $1,900.00" },
  { title: "Software Development", timeline: "8-16 weeks", price: "From $3,000.00" },
  { title: "Cybersecurity & Risk Consulting", timeline: "2-6 weeks", price: "From $750.00" },
  { title: "Data Analytics & Automation", timeline: "6-10 weeks", price: "From $1,500.00" },
  { title: "Managed IT Support Plans", timeline: "Ongoing", price: "From $150.00 per month" },
];

const steps = ["Discovery & Assessment", "Strategic Planning", "Implementation", "Optimization & Support"];

describe.each([homePage, aboutPage, servicesPage])("$path", (page) => {
  it("answers 200 with its own title, description and one h1", async () => {
    const res = await get(page.path);
    expect(res.status).toBe(200);
    expect(res.queryAll("h1")).toHaveLength(1);
    expect(res.h1.length).toBeGreaterThan(10);
    expect(res.title).toContain(company.name);
    expect(res.queryAll('meta[name="description"]').map((meta) => meta.getAttribute("content"))).toEqual([
      page.description,
    ]);
    expect(page.description.length).toBeGreaterThan(80);
  });

  it("opens with the h1 and never skips a heading level", async () => {
    const levels = headingLevels(await get(page.path));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level - (levels[i - 1] ?? 1), `heading ${i}`).toBeLessThanOrEqual(1);
    });
  });

  it("loads no image or script from another origin, and no page script of its own", async () => {
    const res = await get(page.path);
    expect(res.queryAll("img[src]").filter((img) => isForeign(img.getAttribute("src")))).toEqual([]);
    expect(res.queryAll("script[src]").filter((script) => isForeign(script.getAttribute("src")))).toEqual([]);
    expect(page.scripts ?? []).toEqual([]);
  });
});

describe("Home", () => {
  it("shows every claim of the spec", async () => {
    const { text } = await get("/");
    for (const claim of [
      "50+ Active Clients",
      "100+ Projects Delivered",
      "98% Client Satisfaction",
      "24/7 Support",
      "10+ Years of Experience",
      "40% cost reduction",
      "60% faster processing",
      "6 Industries Served",
    ]) {
      expect(text).toContain(claim);
    }
  });

  it("shows the promises and the trust badges with the registration number", async () => {
    const { text } = await get("/");
    for (const phrase of [
      "Free Initial Consultation",
      "No-Obligation Quote",
      "Response Within 24 Hours",
      "Registered Company",
      "SSL Secured",
      "ISO Compliant",
      "Reg. No. PVT-EY13PPMZ",
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it("links its calls to action to the spec's routes", async () => {
    const page = await get("/");
    const expected: [string, string][] = [
      ["Explore Services", "/services"],
      ["Get a Free Quote", "/contact"],
      ["View All Services", "/services"],
      ["View All Case Studies", "/contact"],
      ["Contact Us Now", "/contact"],
      ["View Pricing Plans", "/pricing"],
    ];
    for (const [text, href] of expected) {
      expect(linksTo(page, text), text).toEqual([{ href, text }]);
    }
  });

  it("has six service cards, each with its timeline and price, each linking to /services", async () => {
    const main = mainOf(await get("/"));
    const cards = main ? queryAll(main, "article") : [];
    expect(cards).toHaveLength(6);
    specServices.forEach((spec, i) => {
      const card = cards[i];
      const text = textOf(card);
      expect(text).toContain(spec.title);
      expect(text).toContain(spec.timeline);
      expect(text).toContain(spec.price);
      const [link] = linksIn(card);
      expect(link?.href).toMatch(/^\/services(#[a-z-]+)?$/);
      expect(link?.text).toBe(`Learn more about ${spec.title}`);
    });
  });

  it("walks through the four steps in order", async () => {
    const { text } = await get("/");
    const positions = steps.map((step) => text.indexOf(step));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("names six industries covering all seven audience sectors", async () => {
    const { text } = await get("/");
    expect(industries).toHaveLength(6);
    for (const industry of industries) expect(text).toContain(industry.title);
    for (const sector of [
      "Logistics",
      "Healthcare",
      "Finance",
      "Fintech",
      "Retail",
      "Education",
      "NGOs",
      "Government",
    ]) {
      expect(text).toContain(sector);
    }
  });

  it("quotes three clients, each with role, company and result", async () => {
    const figures = (await get("/")).queryAll("figure").map((f) => textOf(f));
    expect(figures).toHaveLength(3);
    testimonials.forEach((t, i) => {
      for (const part of [t.quote, t.author, t.role, t.company, t.metric]) expect(figures[i]).toContain(part);
    });
    expect(testimonials.map((t) => t.metric)).toEqual(
      expect.arrayContaining(["60% faster processing", "40% cost reduction"]),
    );
  });

  it("stays light: its markup gzips to under 12 KB (leaving room for the inlined stylesheet)", async () => {
    const { html } = await get("/");
    const gzipped = await new Response(
      new Blob([html]).stream().pipeThrough(new CompressionStream("gzip")),
    ).arrayBuffer();
    expect(gzipped.byteLength).toBeLessThan(12_000);
  });
});

describe("About", () => {
  it("shows four statistic cards", async () => {
    const { text } = await get("/about");
    for (const stat of [
      "10+ Years of Experience",
      "50+ Active Clients",
      "100+ Projects Delivered",
      "6 Industries Served",
    ]) {
      expect(text).toContain(stat);
    }
  });

  it("tells the company story: founded 2025 in Nairobi, with its registration number", async () => {
    const { text } = await get("/about");
    expect(text).toContain("Founded in Nairobi in 2025");
    expect(text).toContain("PVT-EY13PPMZ");
  });

  it("lists the four values, the four commitments and both CSR programmes", async () => {
    const { text } = await get("/about");
    const expected = [
      "Integrity",
      "Innovation",
      "Reliability",
      "Partnership",
      "Client-First",
      "Continuous Learning",
      "Quality Assurance",
      "Measurable Results",
      "Digital Literacy for Youth",
      "Pro Bono Work for Non-Profits",
    ];
    expect([...values, ...commitments, ...csrInitiatives].map((f) => f.title)).toEqual(expected);
    for (const phrase of ["Our Values", "Our Commitments", "Corporate Social Responsibility", ...expected]) {
      expect(text).toContain(phrase);
    }
  });

  it("shows How We Work, the director, and the vision and mission", async () => {
    const { text } = await get("/about");
    expect(text).toContain("How We Work");
    for (const step of steps) expect(text).toContain(step);
    expect(text).toContain(company.director.name);
    expect(text).toContain(company.director.title);
    expect(text).toContain("Our Vision");
    expect(text).toContain("Our Mission");
  });

  it("closes with calls to action to /contact and /services", async () => {
    expect(ctaHrefs(await get("/about"))).toEqual(["/contact", "/services"]);
  });
});

describe("Services", () => {
  it("renders one card per service with every field of the content", async () => {
    const page = await get("/services");
    expect(services).toHaveLength(6);
    for (const service of services) {
      const card = textOf(page.query(`article[id="${service.id}"]`));
      for (const part of [
        service.title,
        service.tagline,
        service.description,
        service.timeline,
        service.pricing,
        ...service.deliverables,
        ...service.benefits,
      ]) {
        expect(card, service.id).toContain(part);
      }
    }
  });

  it("shows the spec's six services with their timelines and starting prices", async () => {
    const cards = (await get("/services")).queryAll("article").map((card) => textOf(card));
    expect(cards).toHaveLength(6);
    specServices.forEach((spec, i) => {
      expect(cards[i]).toContain(spec.title);
      expect(cards[i]).toContain(`Timeline ${spec.timeline}`);
      expect(cards[i]).toContain(`Starting Price ${spec.price}`);
    });
  });

  it("gives every card Request Quote and View Case Studies links to /contact", async () => {
    const page = await get("/services");
    for (const text of ["Request Quote", "View Case Studies"]) {
      const links = linksTo(page, text);
      expect(links).toHaveLength(6);
      for (const link of links) expect(link.href).toBe("/contact");
    }
  });

  it("closes with links to /contact and /faq", async () => {
    expect(ctaHrefs(await get("/services"))).toEqual(["/contact", "/faq"]);
  });
});
