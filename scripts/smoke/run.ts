import { publicRoutes } from "../../tests/support/routes.ts";
import { FIRST_WINDOW_BYTES } from "../bench/budgets.ts";
import { Checks, CONTENT_TYPES, type Failure, staticHeaders, workerHeaders } from "./expect.ts";
import { type Asset, pageAssets, placeholdersIn } from "./html.ts";
import { type Answer, header, type Probe, probe } from "./http.ts";

export type SmokeResult = { checks: number; failures: Failure[] };

/** A site that is not ours, as the browser names it on a forged cross-site post. */
const CROSS_SITE_ORIGIN = "https://cross-site.example";

/**
 * Everything a deployed site must answer, checked against `origin` (e.g. https://example.com):
 * every public page, the files crawlers and browsers fetch by name, the doors that must stay shut,
 * and the assets of the pages. Never throws for what the site answers; each problem is a Failure.
 */
export async function runSmoke(origin: string): Promise<SmokeResult> {
  const base = new URL(origin);
  const https = base.protocol === "https:";
  const at = (path: string) => new URL(path, base).href;
  const checks = new Checks();
  const ask = async (path: string, what: string, options?: Probe): Promise<Answer | null> => {
    try {
      return await probe(at(path), options);
    } catch (err) {
      checks.unreachable(path, what, err);
      return null;
    }
  };

  const [pages] = await Promise.all([
    Promise.all(publicRoutes.map(async (path) => ({ path, answer: await ask(path, "page") }))),
    checkNamedFiles(checks, ask, https),
    checkClosedDoors(checks, ask),
  ]);
  const assets = new Map<string, Asset>();
  for (const { path, answer } of pages) {
    if (!answer) continue;
    checkPage(checks, path, answer, https);
    for (const asset of pageAssets(answer.body.toString("utf8"), at(path))) assets.set(asset.url, asset);
  }
  await checkAssets(checks, [...assets.values()], base.origin, https);
  return { checks: checks.count, failures: checks.failures };
}

type Ask = (path: string, what: string, options?: Probe) => Promise<Answer | null>;

function checkPage(checks: Checks, path: string, answer: Answer, https: boolean): void {
  checks.status(answer, path, 200);
  checks.contentType(answer, path, CONTENT_TYPES.html.pattern, CONTENT_TYPES.html.label);
  workerHeaders(checks, answer, path, https);
  // The budget of the bench (issue 14): a page whose whole response fits TCP's first window paints
  // after one round trip.
  checks.expect(
    answer.wireBytes <= FIRST_WINDOW_BYTES,
    path,
    "response size (headers and gzip body)",
    `≤ ${FIRST_WINDOW_BYTES} bytes`,
    () => `${answer.wireBytes} bytes (${header(answer, "content-encoding") || "not compressed"})`,
  );
  // The owner's details (bank, paybill) are settings: a page never shows a blank to fill in.
  const placeholders = placeholdersIn(answer.body.toString("utf8"));
  checks.expect(placeholders.length === 0, path, "bracketed placeholder", "none", () => placeholders.join(", "));
}

/** robots.txt and sitemap.xml (from the worker), the favicons (static files). */
async function checkNamedFiles(checks: Checks, ask: Ask, https: boolean): Promise<void> {
  const { xml, text, svg, ico } = CONTENT_TYPES;
  for (const [path, type, fromWorker] of [
    ["/sitemap.xml", xml, true],
    ["/robots.txt", text, true],
    ["/favicon.svg", svg, false],
  ] as const) {
    const answer = await ask(path, "file");
    if (!answer || !checks.status(answer, path, 200)) continue;
    checks.contentType(answer, path, type.pattern, type.label);
    if (fromWorker) workerHeaders(checks, answer, path, https);
    else staticHeaders(checks, answer, path, https);
  }
  // Optional: browsers ask for it by name, but a site may answer 404. What it does serve must be an icon.
  const ico404 = await ask("/favicon.ico", "file");
  if (ico404 && ico404.status !== 404 && checks.status(ico404, "/favicon.ico", 200)) {
    checks.contentType(ico404, "/favicon.ico", ico.pattern, ico.label);
  }
}

/** The webhook refuses what Stripe did not sign, the back office is shut, payments refuse other sites. */
async function checkClosedDoors(checks: Checks, ask: Ask): Promise<void> {
  const json = { "Content-Type": "application/json" };
  const webhook = await ask("/stripe/webhook", "unsigned webhook", { method: "POST", headers: json, body: "{}" });
  if (webhook) checks.status(webhook, "/stripe/webhook (POST, no Stripe-Signature)", 400);

  const admin = await ask("/admin", "back office");
  if (admin) {
    const location = header(admin, "location");
    checks.expect(
      isClosedAdmin(admin.status, location),
      "/admin",
      "closed to a visitor",
      "401, 403, 404 or a redirect to Cloudflare Access",
      () => `${admin.status}${location ? ` → ${location}` : ""}`,
    );
  }

  const payment = await ask("/create-custom-payment", "cross-site payment", {
    method: "POST",
    headers: { ...json, Origin: CROSS_SITE_ORIGIN, "Sec-Fetch-Site": "cross-site" },
    body: "{}",
  });
  if (payment) checks.status(payment, `/create-custom-payment (POST, Origin ${CROSS_SITE_ORIGIN})`, 403);
}

/** A refusal, or Access sending the visitor to sign in; anything else has let them in (or is broken). */
export function isClosedAdmin(status: number, location: string): boolean {
  if (status === 401 || status === 403 || status === 404) return true;
  if (status < 300 || status >= 400 || !location) return false;
  try {
    return new URL(location).hostname.endsWith(".cloudflareaccess.com");
  } catch {
    return false;
  }
}

/** Each script and stylesheet the pages link, once: the page is broken without them. */
async function checkAssets(checks: Checks, assets: Asset[], origin: string, https: boolean): Promise<void> {
  checks.expect(assets.length > 0, "public pages", "scripts and stylesheets they link", "at least one", () => "none");
  await Promise.all(
    assets.map(async ({ url, kind }) => {
      const where = url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
      let answer: Answer;
      try {
        answer = await probe(url);
      } catch (err) {
        checks.unreachable(where, "asset", err);
        return;
      }
      if (!checks.status(answer, where, 200)) return;
      const type = kind === "script" ? CONTENT_TYPES.js : CONTENT_TYPES.css;
      checks.contentType(answer, where, type.pattern, type.label);
      staticHeaders(checks, answer, where, https);
    }),
  );
}
