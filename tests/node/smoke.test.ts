// `npm run smoke` against a site that gets everything wrong: a static server answering every path
// and method with the same HTML, no security headers, a page too big for the first round trip.
// Each of the live site's duties must show up as its own failure line, and the command must exit
// non-zero. Then the helpers: asset discovery, the byte count, the back office's "closed".
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer as createHttpServer, type Server } from "node:http";
import { type AddressInfo, createServer as createTcpServer } from "node:net";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_WINDOW_BYTES } from "../../scripts/bench/budgets.ts";
import { Checks, formatFailure, staticHeaders } from "../../scripts/smoke/expect.ts";
import { pageAssets } from "../../scripts/smoke/html.ts";
import { probe } from "../../scripts/smoke/http.ts";
import { parseOrigin, reportLines } from "../../scripts/smoke/report.ts";
import { isClosedAdmin, runSmoke } from "../../scripts/smoke/run.ts";
import { publicRoutes } from "../support/routes.ts";

const ROOT = resolve(import.meta.dirname, "../..");
// Incompressible filler: the page cannot fit the first congestion window.
const BROKEN_PAGE = `<!doctype html><html><head><script src="/assets/app.js"></script>
<link rel="stylesheet" href="/assets/site.css"></head><body><p>Pay to [Bank name], account [Account number]</p>
<script>const footnote = ["[Not text]"];</script>${randomBytes(12_000).toString("base64")}</body></html>`;

async function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<string> {
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("a broken site", () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createHttpServer((req, res) => {
      req.resume();
      res.writeHead(200, { "Content-Type": "text/html" }).end(BROKEN_PAGE);
    });
    origin = await listen(server);
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it("fails, naming each duty it neglects", async () => {
    const { failures, checks } = await runSmoke(origin);
    const lines = reportLines(origin, { failures, checks }, 0);
    expect(lines).toEqual(
      expect.arrayContaining([
        "FAIL /: Content-Security-Policy: expected present, got none",
        "FAIL /contact: bracketed placeholder: expected none, got [Bank name], [Account number]",
        "FAIL /pricing: X-Content-Type-Options: expected nosniff, got none",
        "FAIL /aup: X-Frame-Options: expected DENY, got none",
        "FAIL /stripe/webhook (POST, no Stripe-Signature): status: expected 400, got 200",
        "FAIL /admin: closed to a visitor: expected 401, 403, 404 or a redirect to Cloudflare Access, got 200",
        "FAIL /create-custom-payment (POST, Origin https://cross-site.example): status: expected 403, got 200",
        "FAIL /sitemap.xml: Content-Type: expected application/xml, got text/html",
        "FAIL /robots.txt: Content-Type: expected text/plain, got text/html",
        "FAIL /favicon.svg: Content-Type: expected image/svg+xml, got text/html",
        "FAIL /favicon.ico: Content-Type: expected image/x-icon, got text/html",
        "FAIL /assets/app.js: Content-Type: expected text/javascript, got text/html",
        "FAIL /assets/site.css: Content-Type: expected text/css, got text/html",
      ]),
    );
    const budget = lines.filter((line) => line.includes("response size"));
    expect(budget).toHaveLength(publicRoutes.length);
    expect(budget[0]).toMatch(
      new RegExp(
        `^FAIL /: response size \\(headers and gzip body\\): expected ≤ ${FIRST_WINDOW_BYTES} bytes, got \\d+ bytes \\(not compressed\\)$`,
      ),
    );
    // Every page shows the placeholders in its text; the brackets in a script are not text.
    expect(lines.filter((line) => line.includes("bracketed placeholder"))).toHaveLength(publicRoutes.length);
    expect(lines.some((line) => line.includes("[Not text]"))).toBe(false);
    // Plain http: HSTS is not asked of it.
    expect(lines.some((line) => line.includes("Strict-Transport-Security"))).toBe(false);
    expect(lines.at(-1)).toMatch(new RegExp(`^smoke ${origin}: ${failures.length} of ${checks} checks failed`));
  });

  it("makes `npm run smoke` exit non-zero with the failure lines and a summary", async () => {
    const run = promisify(execFile)(process.execPath, [resolve(ROOT, "scripts/smoke/cli.ts"), `${origin}/any/path`]);
    const error = (await run.then(
      () => null,
      (err: unknown) => err,
    )) as { code: number; stdout: string; stderr: string };
    expect(error?.code).toBe(1);
    expect(error.stderr).toContain("FAIL /admin: closed to a visitor:");
    expect(error.stdout.trim()).toMatch(new RegExp(`^smoke ${origin}: \\d+ of \\d+ checks failed \\(\\d+\\.\\d s\\)$`));
  });
});

it("reports a site that does not answer, rather than crashing", async () => {
  const closed = createHttpServer();
  const origin = await listen(closed);
  await new Promise<void>((done) => closed.close(() => done()));
  const { failures } = await runSmoke(origin);
  expect(failures).toContainEqual({
    what: "page",
    where: "/",
    expected: "an answer",
    got: expect.stringMatching(/^no answer \(.*ECONNREFUSED/),
  });
});

describe("the pages' assets", () => {
  it("are the scripts, stylesheets, preloads and island bundles, absolute and each once", () => {
    const html = `<html><head>
      <link rel="icon" href="data:image/svg+xml,x"><link rel="canonical" href="/">
      <link rel="preload stylesheet" href="/assets/a.css"><link rel="modulepreload" href="/assets/chunk.js">
      <script src="https://cdn.example/lib.js"></script><script type="application/ld+json">{}</script>
      <script data-entries="/assets/main.js" data-preload="/assets/site.js  /assets/chunk.js">/*loader*/</script>
    </head></html>`;
    expect(pageAssets(html, "https://site.example/pricing")).toEqual([
      { url: "https://cdn.example/lib.js", kind: "script" },
      { url: "https://site.example/assets/a.css", kind: "stylesheet" },
      { url: "https://site.example/assets/chunk.js", kind: "script" },
      { url: "https://site.example/assets/main.js", kind: "script" },
      { url: "https://site.example/assets/site.js", kind: "script" },
    ]);
  });

  it("are none for a page that links nothing", () => {
    expect(pageAssets("<p>plain</p>", "http://127.0.0.1:1/")).toEqual([]);
  });
});

describe("the bytes a response sends", () => {
  it("count the status line, the headers and the body as compressed, which is then undone", async () => {
    const text = "The same sentence, over and over. ".repeat(200);
    const gzipped = gzipSync(text);
    const head =
      "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n" +
      `Content-Length: ${gzipped.byteLength}\r\nConnection: close\r\n\r\n`;
    const raw = createTcpServer((socket) => {
      socket.once("data", () => socket.end(Buffer.concat([Buffer.from(head), gzipped])));
    });
    const origin = await listen(raw);
    try {
      const answer = await probe(`${origin}/`);
      expect(answer.wireBytes).toBe(Buffer.byteLength(head) + gzipped.byteLength);
      expect(answer.wireBytes).toBeLessThan(text.length / 5);
      expect(answer.body.toString("utf8")).toBe(text);
    } finally {
      await new Promise<void>((done) => raw.close(() => done()));
    }
  });
});

describe("the back office", () => {
  it("is closed when refused or sent to sign in with Access, open otherwise", () => {
    expect(isClosedAdmin(401, "")).toBe(true);
    expect(isClosedAdmin(404, "")).toBe(true);
    expect(isClosedAdmin(302, "https://acacia.cloudflareaccess.com/cdn-cgi/access/login/x")).toBe(true);
    expect(isClosedAdmin(200, "")).toBe(false);
    expect(isClosedAdmin(302, "/admin/orders")).toBe(false);
    expect(isClosedAdmin(302, "https://evil.example/?cloudflareaccess.com")).toBe(false);
    expect(isClosedAdmin(500, "")).toBe(false);
  });
});

describe("the command line", () => {
  it("takes the site's origin from a URL, and refuses anything else", () => {
    expect(parseOrigin("https://acacia-it.example/pricing?x=1")).toBe("https://acacia-it.example");
    expect(parseOrigin("acacia-it.example")).toBeNull();
    expect(parseOrigin("ftp://acacia-it.example")).toBeNull();
    expect(parseOrigin(undefined)).toBeNull();
  });
});

describe("HSTS", () => {
  it("is asked of an https site, and of a plain http one not", () => {
    const answer = {
      status: 200,
      headers: { "x-content-type-options": "nosniff" },
      body: Buffer.from(""),
      wireBytes: 0,
    };
    const overHttps = new Checks();
    staticHeaders(overHttps, answer, "/favicon.svg", true);
    expect(overHttps.failures.map(formatFailure)).toEqual([
      "FAIL /favicon.svg: Strict-Transport-Security: expected max-age=…, got none",
    ]);
    const overHttp = new Checks();
    staticHeaders(overHttp, answer, "/favicon.svg", false);
    expect(overHttp.failures).toEqual([]);
  });
});
