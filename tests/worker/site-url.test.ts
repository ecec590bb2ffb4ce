import { DOMParser } from "linkedom";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { siteOrigin } from "../../src/http/site-origin.ts";
import { CHECKOUT_SUCCESS_URL_TEMPLATE, paths } from "../../src/paths.ts";
import { envWith } from "./support/env.ts";
import { parseDocument } from "./support/html.ts";
import { cartItem, customer, postPaymentWith, recordedCreates, standinUrl } from "./support/payment.ts";

const SITE_URL = "https://acacia-it.example";
/** A Host header anybody can send: it must never become the address of a link. */
const FORGED = "http://evil.example";

/** The site, asked for a path under the forged Host, with SITE_URL set or not. */
async function fetchForged(path: string, siteUrl: string | undefined): Promise<string> {
  const request = new Request(`${FORGED}${path}`, { headers: { Host: new URL(FORGED).host, Accept: "text/html" } });
  const res = await createApp().fetch(request, envWith({ SITE_URL: siteUrl }));
  expect(res.status, path).toBe(200);
  return res.text();
}

function linksOf(html: string) {
  const document = parseDocument(html);
  return {
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href"),
    ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute("content"),
    ogImage: document.querySelector('meta[property="og:image"]')?.getAttribute("content"),
  };
}

function sitemapLocations(xml: string): string[] {
  const sitemap = new DOMParser().parseFromString(xml, "text/xml");
  return Array.from(sitemap.querySelectorAll("loc"), (loc: Element) => loc.textContent ?? "");
}

async function stripeReturnUrls(siteUrl: string | undefined) {
  const info = customer();
  const res = await postPaymentWith(
    { SITE_URL: siteUrl },
    { services: [cartItem("e1")], customerInfo: info },
    {},
    `${FORGED}/create-custom-payment`,
  );
  expect(res.status, res.text).toBe(200);
  const [create] = await recordedCreates(standinUrl(), info.email);
  return { success: create?.form.success_url, cancel: create?.form.cancel_url };
}

describe("with SITE_URL set, a forged Host header changes no link", () => {
  it("canonical and Open Graph URLs of a page", async () => {
    const html = await fetchForged("/services", SITE_URL);
    expect(linksOf(html)).toEqual({
      canonical: `${SITE_URL}/services`,
      ogUrl: `${SITE_URL}/services`,
      ogImage: expect.stringMatching(new RegExp(`^${SITE_URL}/`)),
    });
    expect(html).not.toContain("evil.example");
  });

  it("the home page, structured data included", async () => {
    const html = await fetchForged("/", SITE_URL);
    expect(linksOf(html).canonical).toBe(`${SITE_URL}/`);
    expect(html).not.toContain("evil.example");
  });

  it("robots.txt's Sitemap line and every sitemap URL", async () => {
    const robots = await fetchForged("/robots.txt", SITE_URL);
    expect(robots).toMatch(new RegExp(`^Sitemap: ${SITE_URL}/sitemap\\.xml$`, "m"));
    const locations = sitemapLocations(await fetchForged("/sitemap.xml", SITE_URL));
    expect(locations.length).toBeGreaterThan(5);
    for (const location of locations) expect(location.startsWith(`${SITE_URL}/`), location).toBe(true);
  });

  it("Stripe's success_url and cancel_url", async () => {
    expect(await stripeReturnUrls(SITE_URL)).toEqual({
      success: `${SITE_URL}${CHECKOUT_SUCCESS_URL_TEMPLATE}`,
      cancel: `${SITE_URL}${paths.checkout}`,
    });
  });
});

describe("without SITE_URL (local runs, tests), links follow the request as before", () => {
  it("pages, robots.txt, the sitemap and Stripe's return URLs use the request's origin", async () => {
    expect(linksOf(await fetchForged("/services", undefined)).canonical).toBe(`${FORGED}/services`);
    expect(await fetchForged("/robots.txt", undefined)).toContain(`Sitemap: ${FORGED}/sitemap.xml`);
    expect(sitemapLocations(await fetchForged("/sitemap.xml", undefined))).toContain(`${FORGED}/services`);
    expect(await stripeReturnUrls(undefined)).toEqual({
      success: `${FORGED}${CHECKOUT_SUCCESS_URL_TEMPLATE}`,
      cancel: `${FORGED}${paths.checkout}`,
    });
  });
});

describe("siteOrigin", () => {
  const request = "http://127.0.0.1:8787/checkout?x=1";

  it.each([
    ["an origin", "https://acacia-it.example", "https://acacia-it.example"],
    ["a trailing slash", "https://acacia-it.example/", "https://acacia-it.example"],
    ["a path, a query and spaces", "  https://acacia-it.example/shop?a=1  ", "https://acacia-it.example"],
    ["a port", "http://localhost:8788", "http://localhost:8788"],
    ["upper case", "HTTPS://Acacia-IT.example", "https://acacia-it.example"],
  ])("SITE_URL with %s gives its origin", (_label, value, expected) => {
    expect(siteOrigin({ SITE_URL: value }, request)).toBe(expected);
  });

  it.each([
    ["unset", {}],
    ["empty", { SITE_URL: "" }],
    ["blank", { SITE_URL: "   " }],
    ["not a URL", { SITE_URL: "acacia-it.example" }],
    ["another scheme", { SITE_URL: "ftp://acacia-it.example" }],
    ["not text", { SITE_URL: 42 }],
  ])("SITE_URL %s falls back to the request's origin", (_label, env) => {
    expect(siteOrigin(env, request)).toBe("http://127.0.0.1:8787");
  });
});
