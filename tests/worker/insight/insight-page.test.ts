// The owner's Insight page (issue 36) over the Analytics Engine stand-in: the funnel of each period
// with each step's share of the one before, top pages, referrers and countries, M-Pesa's result
// codes, bots left out; what browsers sent shown as text, never as markup; every query it sends
// accepted by the stand-in's dialect check.
import { beforeEach, describe, expect, inject, it } from "vitest";
import { clearPoints, funnelScenario, type Seed, seedPoints } from "../../support/analytics-points.ts";
import { openInsight, stepOf, tableOf } from "./insight-support.ts";

const standin = () => inject("analyticsStandinUrl");
let scenario: ReturnType<typeof funnelScenario>;

beforeEach(async () => {
  await clearPoints(standin());
  scenario = funnelScenario(new Date());
  await seedPoints(standin(), scenario.seeds);
});

describe("the funnel", () => {
  it("shows the last 7 days by default: each step's people, its events and its share of the step before", async () => {
    const page = await openInsight();
    expect(page.status).toBe(200);
    expect(page.document.querySelector("main")?.getAttribute("data-days")).toBe("7");
    const week = scenario.expected[7];
    expect(stepOf(page, "visitors")).toMatchObject({ count: week.visitors, events: week.views, conversion: null });
    expect(stepOf(page, "carts")).toMatchObject({ count: week.cartVisitors, events: week.carts, conversion: "25%" });
    expect(stepOf(page, "quotes")).toMatchObject({ count: 1, events: week.quotes, conversion: "100%" });
    expect(stepOf(page, "checkouts")).toMatchObject({
      count: week.checkoutVisitors,
      events: week.checkouts,
      conversion: "300%",
      channels: "Card 2, M-Pesa 2",
    });
    expect(stepOf(page, "paid")).toMatchObject({ count: week.paid, events: week.failed, conversion: "100%" });
    expect(stepOf(page, "paid").channels).toBe("Card 2, M-Pesa 1");
    expect(stepOf(page, "visitors").text).toContain("4 visitors");
    expect(stepOf(page, "carts").text).toContain("25% of the step before");
    expect(stepOf(page, "paid").text).toContain("3 payments failed");
  });

  it.each([
    [1, "Today"],
    [30, "Last 30 days"],
  ] as const)("?days=%i counts that period and marks its link as the current one", async (days, name) => {
    const page = await openInsight(`?days=${days}`);
    const expected = scenario.expected[days];
    expect(stepOf(page, "visitors")).toMatchObject({ count: expected.visitors, events: expected.views });
    expect(stepOf(page, "checkouts")).toMatchObject({ count: expected.checkoutVisitors, events: expected.checkouts });
    expect(stepOf(page, "paid").count).toBe(expected.paid);
    const current = page.document.querySelectorAll('nav a[aria-current="page"]');
    const periodLink = Array.from(current).find((a) => a.hasAttribute("data-period"));
    expect(periodLink?.textContent).toBe(name);
    expect(periodLink?.getAttribute("href")).toBe(`/admin/insight?days=${days}`);
  });

  it("says — when the step before had no one, rather than dividing by zero", async () => {
    await clearPoints(standin());
    const now = Math.floor(Date.now() / 1000);
    await seedPoints(standin(), [{ event: "checkout", visitor: "zz", channel: "card", at: now - 60 }]);
    const page = await openInsight("?days=1");
    expect(stepOf(page, "visitors").count).toBe(0);
    expect(stepOf(page, "carts").conversion).toBe("—");
    expect(stepOf(page, "checkouts")).toMatchObject({ count: 1, conversion: "—" });
    expect(stepOf(page, "paid").conversion).toBe("0%");
  });

  it.each([
    [40, "2.5%"],
    [3, "33%"],
    [2001, "<0.1%"],
  ])("rounds a share sensibly: 1 cart among %i visitors is %s", async (visitors, share) => {
    await clearPoints(standin());
    const at = Math.floor(Date.now() / 1000) - 60;
    const views = Array.from(
      { length: visitors },
      (_, i): Seed => ({ event: "view", visitor: `v${i}`, route: "/", at }),
    );
    for (let i = 0; i < views.length; i += 1000) await seedPoints(standin(), views.slice(i, i + 1000));
    await seedPoints(standin(), [{ event: "cart", visitor: "v0", at }]);
    const page = await openInsight("?days=1");
    expect(stepOf(page, "visitors").count).toBe(visitors);
    expect(stepOf(page, "carts").conversion).toBe(share);
  });

  it("sends only SQL the stand-in accepts as Analytics Engine's dialect", async () => {
    await fetch(`${standin()}/__local/clear`, { method: "POST" });
    await openInsight("?days=30");
    const queries = (await (await fetch(`${standin()}/__local/queries`)).json()) as { sql: string; status: number }[];
    expect(queries).toHaveLength(6);
    expect(queries.map((q) => q.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });
});

describe("where visitors went and came from", () => {
  it("lists today's top pages, referrers and countries with views and visitors, most first", async () => {
    const page = await openInsight("?days=1");
    expect(tableOf(page, "pages")).toEqual([
      ["/pricing", "4", "1"],
      ["/", "1", "1"],
    ]);
    expect(tableOf(page, "referrers")).toEqual([["www.google.com", "2", "2"]]);
    expect(tableOf(page, "countries")).toEqual([
      ["KE", "4", "1"],
      ["UG", "1", "1"],
    ]);
  });

  it("lists M-Pesa's result codes with what each means", async () => {
    const page = await openInsight("?days=1");
    expect(tableOf(page, "result-codes")).toEqual([
      ["1032", "Cancelled by the buyer", "3"],
      ["0", "Paid", "1"],
    ]);
  });

  it("leaves bots out of every table: their referrer, country and failed prompt are nowhere", async () => {
    const page = await openInsight("?days=30");
    expect(page.text).not.toContain("bot.example");
    expect(tableOf(page, "countries").map(([country]) => country)).not.toContain("US");
    expect(tableOf(page, "result-codes").map(([code]) => code)).not.toContain("1037");
  });

  it("shows a country Cloudflare did not know as Unknown, and says when a table is empty", async () => {
    await clearPoints(standin());
    await seedPoints(standin(), [{ event: "view", visitor: "k", route: "/", at: Math.floor(Date.now() / 1000) - 5 }]);
    const page = await openInsight("?days=1");
    expect(tableOf(page, "countries")).toEqual([["Unknown", "1", "1"]]);
    expect(page.text).toContain("No visitor came from another site in this period.");
    expect(page.text).toContain("No M-Pesa prompt ended in this period.");
  });

  it("shows what browsers sent as text: markup in a referrer or route is escaped, bidi controls marked", async () => {
    const at = Math.floor(Date.now() / 1000) - 5;
    const hostile: Seed[] = [
      {
        event: "view",
        visitor: "h1",
        route: '/"><img src=x onerror=alert(1)>',
        referrer: "<script>alert(1)</script>",
        at,
      },
      { event: "view", visitor: "h2", route: "/ok", referrer: "evil\u202Egnp.exe", country: "<b>KE</b>", at },
    ];
    await seedPoints(standin(), hostile);
    const page = await openInsight("?days=1");
    expect(page.body).not.toContain("<script>alert(1)");
    expect(page.body).not.toContain("<img src=x");
    expect(page.body).not.toContain("<b>KE</b>");
    expect(page.document.querySelectorAll("main img, main script, main b")).toHaveLength(0);
    expect(tableOf(page, "pages").map(([route]) => route)).toContain('/"><img src=x onerror=alert(1)>');
    expect(tableOf(page, "referrers").map(([site]) => site)).toContain("<script>alert(1)</script>");
    expect(page.document.querySelector('[data-panel="referrers"] [data-bidi-marker="RLO"]')).not.toBeNull();
  });
});
