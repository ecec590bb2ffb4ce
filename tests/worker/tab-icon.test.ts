import { describe, expect, it } from "vitest";
import faviconSvg from "../../public/favicon.svg?raw";
import { svgDataUri } from "../../src/render/data-uri.ts";
import { get } from "./support/html.ts";

const PREFIX = "data:image/svg+xml,";
/** A valid URL's opaque path (WHATWG URL): URL code points and percent escapes, nothing else. */
const VALID_URL_BODY = /^(?:[A-Za-z0-9!$&'()*+,\-./:;=?@_~]|%[0-9A-Fa-f]{2})*$/;

describe("the inline tab icon", () => {
  it.each(["/", "/checkout", "/no-such-page"])("on %s is a valid URL that decodes to the favicon", async (path) => {
    const page = await get(path);
    const href = page.query('link[rel="icon"]')?.getAttribute("href") ?? "";
    expect(href.startsWith(PREFIX)).toBe(true);
    const body = href.slice(PREFIX.length);
    expect(body).toMatch(VALID_URL_BODY);
    // The <title> is left out: an image never shows it.
    expect(decodeURIComponent(body)).toBe(faviconSvg.trim().replace(/<title>[^<]*<\/title>/, ""));
  });

  it("escapes what a URL cannot carry, non-ASCII as UTF-8, and leaves the rest as it is", () => {
    expect(svgDataUri(" <svg a=\"#1\" b='x'>50% & é</svg>\n")).toBe(
      "data:image/svg+xml,%3Csvg%20a=%22%231%22%20b=%27x%27%3E50%25%20%26%20%C3%A9%3C/svg%3E",
    );
  });
});
