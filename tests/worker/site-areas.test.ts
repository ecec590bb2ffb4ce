import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { areaLoadedOnFirstUse, type SiteApp, siteApp } from "../../src/site-shell.ts";

/** A site whose /area/* is an app loaded by `load`, counting how often it was loaded. */
function siteWithArea(load: () => Promise<SiteApp>) {
  const area = areaLoadedOnFirstUse(load);
  return siteApp(
    () => {},
    (app) => app.all("/area/*", area),
  );
}

const tinyArea = () =>
  siteApp((app) => {
    app.get("/area/hello", (c) => c.text("hello"));
  });

describe("an area loaded on first use", () => {
  it("25 requests at once on a cold isolate load it once, and every one is answered", async () => {
    let loads = 0;
    const site = siteWithArea(async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return tinyArea();
    });
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => site.request("https://example.com/area/hello", {}, env)),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(25).fill(200));
    expect(await Promise.all(answers.map((res) => res.text()))).toEqual(Array(25).fill("hello"));
    expect(loads).toBe(1);
  });

  it("a load that failed answers the site's 500 page once, and the next request loads it again", async () => {
    let loads = 0;
    const site = siteWithArea(async () => {
      loads++;
      if (loads === 1) throw new Error("chunk missing");
      return tinyArea();
    });
    const failed = await site.request("https://example.com/area/hello", { headers: { Accept: "text/html" } }, env);
    expect(failed.status).toBe(500);
    expect(await failed.text()).not.toContain("chunk missing");
    const next = await site.request("https://example.com/area/hello", {}, env);
    expect(next.status).toBe(200);
    expect(loads).toBe(2);
  });
});
