/**
 * The MDN HTTP Observatory's scoring, as data: the published score modifiers, grade chart and
 * extra-credit rule (developer.mozilla.org/en-US/observatory/docs/tests_and_scoring; the scanner's
 * own table is src/grader/charts.js in github.com/mdn/mdn-http-observatory). The rules that pick
 * each test's result are in observatory-tests.ts.
 *
 * The scanner looks at a deployed https site. On loopback two tests cannot be run and are assumed,
 * each with modifier 0: redirection (Cloudflare's "Always Use HTTPS" redirects http to https on
 * the same host) and HSTS preloading (only the preload list can grant its +5, so it is not claimed).
 */

import { type Result, SCORE_MODIFIERS, type ScannedResponse } from "./observatory-results.ts";
import {
  cookiesResult,
  corpResult,
  corsResult,
  cspResult,
  hstsResult,
  referrerResult,
  sriResult,
  xctoResult,
  xfoResult,
} from "./observatory-tests.ts";

export type { ScannedResponse } from "./observatory-results.ts";
export { parseCsp } from "./observatory-tests.ts";

/** Lowest score of each grade, best first. */
const GRADE_CHART: readonly (readonly [number, string])[] = [
  [100, "A+"],
  [90, "A"],
  [85, "A-"],
  [80, "B+"],
  [70, "B"],
  [65, "B-"],
  [60, "C+"],
  [50, "C"],
  [45, "C-"],
  [40, "D+"],
  [30, "D"],
  [25, "D-"],
  [0, "F"],
];

/** Bonuses count only when the score after penalties alone is an A or better. */
const MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90;

export type Scorecard = { score: number; grade: string; results: Record<string, Result> };

export function scoreResponse(response: ScannedResponse): Scorecard {
  const results: Record<string, Result> = {
    "content-security-policy": cspResult(response.headers),
    cookies: cookiesResult(response.headers),
    "cross-origin-resource-sharing": corsResult(response),
    redirection: "redirection-to-https",
    "referrer-policy": referrerResult(response.headers),
    "strict-transport-security": hstsResult(response.headers),
    "subresource-integrity": sriResult(response),
    "x-content-type-options": xctoResult(response.headers),
    "x-frame-options": xfoResult(response.headers),
    "cross-origin-resource-policy": corpResult(response.headers),
  };
  const modifiers: number[] = Object.values(results).map((r) => SCORE_MODIFIERS[r]);
  const penalties = 100 + modifiers.filter((m) => m < 0).reduce((a, b) => a + b, 0);
  const withBonuses = 100 + modifiers.reduce((a, b) => a + b, 0);
  const score = Math.max(0, penalties >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withBonuses : penalties);
  return { score, grade: gradeOf(score), results };
}

function gradeOf(score: number): string {
  return GRADE_CHART.find(([min]) => score >= min)?.[1] ?? "F";
}
