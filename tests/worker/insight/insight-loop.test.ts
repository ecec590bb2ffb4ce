// The whole loop on the stand-in, as the "done when" puts it: visitors browse the site, the
// worker writes its events (and copies them to the stand-in, as `npm start` runs it), and the
// owner's Insight page counts them.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import worker from "../../../src/index.ts";
import { clearPoints } from "../../support/analytics-points.ts";
import { SITE } from "../support/orders.ts";
import { testClientIp } from "../support/payment.ts";
import { openInsight, stepOf, tableOf } from "./insight-support.ts";

const standin = () => inject("analyticsStandinUrl");
const BROWSER =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

/**
 * The worker's answer, once what it left running after it (the count and its copy to the stand-in)
 * is done: nothing of one test's requests may still be running when the next test starts.
 */
async function visit(request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request, env, ctx);
  await res.text();
  await waitOnExecutionContext(ctx);
  return res;
}

/** The stand-in's points once `count` have arrived (the worker writes after its answer). */
async function pointsWhen(count: number): Promise<unknown[]> {
  for (let i = 0; i < 50; i += 1) {
    const points = (await (await fetch(`${standin()}/__local/points`)).json()) as unknown[];
    if (points.length >= count) return points;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The stand-in did not get ${count} points`);
}

describe("from a visit to the owner's numbers", () => {
  it("six visitors browsing /pricing are six visitors and six views of /pricing; a bot is not", async () => {
    await clearPoints(standin());
    for (let i = 0; i < 6; i += 1) {
      const res = await visit(
        new Request(`${SITE}/pricing`, {
          headers: { "CF-Connecting-IP": testClientIp(), "User-Agent": BROWSER, Referer: "https://www.google.com/" },
        }),
      );
      expect(res.status).toBe(200);
    }
    await visit(
      new Request(`${SITE}/pricing`, {
        headers: { "CF-Connecting-IP": testClientIp(), "User-Agent": "Googlebot/2.1" },
      }),
    );
    await pointsWhen(7);
    const page = await openInsight("?days=1");
    expect(stepOf(page, "visitors")).toMatchObject({ count: 6, events: 6 });
    expect(tableOf(page, "pages")).toEqual([["/pricing", "6", "6"]]);
    expect(tableOf(page, "referrers")).toEqual([["www.google.com", "6", "6"]]);
  });
});
