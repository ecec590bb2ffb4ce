// Paybill payments (C2B, issue 35) between Daraja and us, without the worker: `npm run
// mpesa:register` against the stand-in, its Register URL request checked against Daraja's field
// rules (the contract), what it refuses before sending anything; and the stand-in's C2B as Safaricom
// runs it (validation, then confirmation or cancellation, the masked number, ResponseType on a timeout).
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { type MpesaStandin, startMpesaStandin } from "../../scripts/mpesa-standin/server.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const CLI = join(ROOT, "scripts/mpesa-register/cli.ts");
const SECRET = "4be0c2a9d17f83e65a0b9c4d2e1f7a36";
const NO_FILE = join(ROOT, "no-such-dir", ".dev.vars");
const run = promisify(execFile);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function standin(options: Parameters<typeof startMpesaStandin>[0]["c2b"] = {}): Promise<MpesaStandin> {
  const started = await startMpesaStandin({ port: 0, c2b: { validationTimeoutMs: 500, ...options } });
  cleanups.push(() => started.close());
  return started;
}

async function cli(base: string | null, extra: Record<string, string> = {}, args: string[] = []) {
  const env = {
    PATH: process.env.PATH ?? "",
    MPESA_CONSUMER_KEY: "register-key",
    MPESA_CONSUMER_SECRET: "register-secret",
    MPESA_SHORTCODE: "600984",
    MPESA_PASSKEY: "register-passkey",
    MPESA_C2B_PATH_SECRET: SECRET,
    SITE_URL: "https://shop.acacia-it.example",
    ...(base ? { MPESA_API_BASE: base } : {}),
    ...extra,
  };
  return run(process.execPath, [CLI, "--dev-vars", NO_FILE, ...args], { cwd: ROOT, env }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: "" }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
}

/** Daraja's rules for a Register URL call, as its C2B guide states them; each problem named. */
function registerProblems(r: { method: string; authScheme: string | null; query: object; body: unknown }): string[] {
  const body = (r.body ?? {}) as Record<string, unknown>;
  const url = (value: unknown) => {
    try {
      return typeof value === "string" ? new URL(value) : null;
    } catch {
      return null;
    }
  };
  const urls = [url(body.ValidationURL), url(body.ConfirmationURL)];
  return [
    r.method === "POST" || "a POST",
    r.authScheme === "Bearer" || "Bearer auth",
    Object.keys(r.query).length === 0 || "no query string",
    JSON.stringify(Object.keys(body).sort()) === '["ConfirmationURL","ResponseType","ShortCode","ValidationURL"]' ||
      "exactly ShortCode, ResponseType, ConfirmationURL and ValidationURL",
    (typeof body.ShortCode === "string" && /^\d{5,7}$/.test(body.ShortCode)) || "ShortCode the paybill's digits",
    body.ResponseType === "Completed" || 'ResponseType "Completed" (sentence case)',
    urls.every((u) => u?.protocol === "https:") || "https URLs",
    urls.every((u) => u && !/mpesa|m-pesa|safaricom|sql|query|exe|cmd/i.test(u.href)) || "no word Daraja blocks",
    urls.every((u) => u?.pathname.includes(`/${SECRET}/`)) || "the secret segment in both paths",
  ].filter((p): p is string => p !== true);
}

describe("npm run mpesa:register", () => {
  it("registers the site's two URLs with Daraja's rules, printing them without the secret", async () => {
    const daraja = await standin();
    const done = await cli(daraja.url);
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(
      "validation:   https://shop.acacia-it.example/payments/c2b/<MPESA_C2B_PATH_SECRET>/validate",
    );
    expect(done.stdout).toContain("Daraja: Success");
    expect(done.stdout).not.toContain(SECRET);

    const calls = daraja.requests();
    expect(calls.map((c) => c.path)).toEqual(["/oauth/v1/generate", "/mpesa/c2b/v2/registerurl"]);
    const [oauth, register] = calls;
    expect([oauth?.method, oauth?.authScheme, oauth?.consumerKey, oauth?.query]).toEqual([
      "GET",
      "Basic",
      "register-key",
      { grant_type: "client_credentials" },
    ]);
    expect(register && registerProblems(register)).toEqual([]);
    expect(register?.status).toBe(200);
    expect(register?.body).toMatchObject({
      ShortCode: "600984",
      ValidationURL: `https://shop.acacia-it.example/payments/c2b/${SECRET}/validate`,
      ConfirmationURL: `https://shop.acacia-it.example/payments/c2b/${SECRET}/confirm`,
    });
  });

  it("prints the plan on --dry-run and sends nothing", async () => {
    const daraja = await standin();
    const dry = await cli(daraja.url, {}, ["--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("Dry run: nothing sent.");
    // Against the stand-in without SITE_URL: npm start's site, as `npm start` registers it.
    const local = await cli(daraja.url, { SITE_URL: "" }, ["--dry-run"]);
    expect(local.stdout).toContain("confirmation: http://127.0.0.1:8787/payments/c2b/<MPESA_C2B_PATH_SECRET>/confirm");
    expect(daraja.requests()).toEqual([]);
  });

  it("refuses, before sending anything (exit 2), a secret under 128 bits, one with a word Daraja blocks, no https SITE_URL, a non-loopback API base", async () => {
    const daraja = await standin();
    const cases: [Record<string, string>, string][] = [
      [{ MPESA_C2B_PATH_SECRET: "0123456789abcdef" }, "at least 32 random letters"],
      [{ MPESA_C2B_PATH_SECRET: "" }, "MPESA_C2B_PATH_SECRET is not set"],
      [{ MPESA_C2B_PATH_SECRET: `${SECRET.slice(0, 20)}xCmDx${SECRET.slice(20)}` }, 'contains "cmd"'],
      [{ SITE_URL: "https://sql-shop.example" }, 'contains "sql"'],
      [{ MPESA_SHORTCODE: "" }, "MPESA_SHORTCODE"],
    ];
    for (const [extra, message] of cases) {
      const refused = await cli(daraja.url, extra);
      expect([refused.code, refused.stderr]).toEqual([2, expect.stringContaining(message)]);
    }
    const offLoopback = await cli("https://daraja.attacker.example");
    expect([offLoopback.code, offLoopback.stderr]).toEqual([2, expect.stringContaining("MPESA_API_BASE must be")]);
    const plainHttp = await cli(null, { SITE_URL: "http://shop.example" });
    expect([plainHttp.code, plainHttp.stderr]).toEqual([2, expect.stringContaining("SITE_URL must be https")]);
    expect(daraja.requests()).toEqual([]);
  });

  it("says what to do when the shortcode's URLs are already registered (production registers once; exit 1)", async () => {
    const daraja = await standin({ registerOnce: true });
    expect((await cli(daraja.url)).code).toBe(0);
    const again = await cli(daraja.url);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("Urls are already registered");
    expect(again.stderr).toContain("URL Management");
  });
});

/** A site stand-in: records each C2B call and answers the validation as told. */
async function receiver(validation: "accept" | "refuse" | "silent") {
  const calls: { path: string; body: Record<string, string> }[] = [];
  const server: Server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    req.on("end", () => {
      calls.push({ path: req.url ?? "", body: JSON.parse(text) });
      if (req.url?.endsWith("/validate") && validation === "silent") return; // never answers
      const code = req.url?.endsWith("/validate") && validation === "refuse" ? "C2B00012" : "0";
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ ResultCode: code, ResultDesc: code === "0" ? "Accepted" : "Rejected" }));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise<void>((done) => server.close(() => done()));
  });
  return { calls, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function register(daraja: MpesaStandin, origin: string, responseType = "Completed", version = "v2") {
  const token = (await (
    await fetch(`${daraja.url}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { Authorization: `Basic ${Buffer.from("k:s").toString("base64")}` },
    })
  ).json()) as { access_token: string };
  return fetch(`${daraja.url}/mpesa/c2b/${version}/registerurl`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token.access_token}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      ShortCode: "600984",
      ResponseType: responseType,
      ConfirmationURL: `${origin}/payments/c2b/s3cret/confirm`,
      ValidationURL: `${origin}/payments/c2b/s3cret/validate`,
    }),
  });
}

const pay = (daraja: MpesaStandin, extra: Record<string, unknown> = {}) =>
  fetch(`${daraja.url}/__c2b/pay`, {
    method: "POST",
    body: JSON.stringify({
      amount: 1500,
      account: "Q-2026-00002",
      phone: "254712345126",
      firstName: "NICHOLAS",
      ...extra,
    }),
  }).then((res) => res.json() as Promise<{ transId: string; state: string }>);

describe("the stand-in's C2B", () => {
  it("refuses Register URLs Daraja refuses: blocked words in any case, no https, a wrong ResponseType", async () => {
    const daraja = await standin();
    for (const origin of [
      "https://shop.example/MPesa",
      "https://safaricom.shop.example",
      "https://shop.example/SQL",
      "http://shop.example",
    ]) {
      const res = await register(daraja, origin);
      expect([origin, res.status]).toEqual([origin, 400]);
    }
    expect((await register(daraja, "https://shop.example", "completed")).status).toBe(400);
  });

  it("validates, then confirms with Safaricom's body: masked number, amount as a string, the new balance", async () => {
    const daraja = await standin();
    const site = await receiver("accept");
    expect((await register(daraja, site.origin)).status).toBe(200);
    const paid = await pay(daraja);
    expect(paid.state).toBe("confirmed");
    expect(site.calls.map((c) => c.path)).toEqual(["/payments/c2b/s3cret/validate", "/payments/c2b/s3cret/confirm"]);
    const [validation, confirmation] = site.calls;
    expect(validation?.body).toMatchObject({
      TransactionType: "Pay Bill",
      TransID: paid.transId,
      TransAmount: "1500.00",
      BusinessShortCode: "600984",
      BillRefNumber: "Q-2026-00002",
      OrgAccountBalance: "",
      MSISDN: "2547 ***** 126",
      FirstName: "NICHOLAS",
    });
    expect(validation?.body.TransTime).toMatch(/^\d{14}$/);
    expect(confirmation?.body).toMatchObject({ TransID: paid.transId, OrgAccountBalance: "1500.00" });

    // Safaricom may send a confirmation twice.
    await fetch(`${daraja.url}/__c2b/replay`, { method: "POST", body: JSON.stringify({ transId: paid.transId }) });
    expect(site.calls.at(-1)?.body).toEqual(confirmation?.body);
  });

  it("cancels a payment the validation refuses, and lets ResponseType decide when the validation never answers", async () => {
    const refusing = await standin();
    const refuses = await receiver("refuse");
    await register(refusing, refuses.origin);
    expect((await pay(refusing)).state).toBe("cancelled");
    expect(refuses.calls.map((c) => c.path)).toEqual(["/payments/c2b/s3cret/validate"]);

    const silentCompleted = await standin();
    const silent = await receiver("silent");
    await register(silentCompleted, silent.origin, "Completed");
    expect((await pay(silentCompleted)).state).toBe("confirmed");

    const silentCancelled = await standin();
    const silentToo = await receiver("silent");
    await register(silentCancelled, silentToo.origin, "Cancelled");
    expect((await pay(silentCancelled)).state).toBe("cancelled");
  });

  it("sends a v1 registration a SHA-256 of the number instead of the masked one", async () => {
    const daraja = await standin();
    const site = await receiver("accept");
    await register(daraja, site.origin, "Completed", "v1");
    await pay(daraja);
    expect(site.calls[0]?.body.MSISDN).toMatch(/^[0-9a-f]{64}$/);
  });
});
