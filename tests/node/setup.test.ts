// npm run setup against a fake wrangler on PATH and the Stripe stand-in: the exact commands and API
// calls of a first deploy, and a second run that creates nothing.
import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { runSetup, type SetupResult } from "../../scripts/setup/setup.ts";
import { spawnWrangler } from "../../scripts/setup/wrangler.ts";
import { type StripeStandin, startStripeStandin } from "../../scripts/stripe-standin/server.ts";
import { stripeClient } from "../../scripts/stripe-sync/config.ts";
import { syncStandinCatalogue } from "../../scripts/stripe-sync/standin.ts";
import { HANDLED_STRIPE_EVENTS } from "../../src/checkout/fulfilment.ts";
import { type FakeWrangler, fakeWrangler } from "./fake-wrangler.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const SITE = "https://acacia-it.example";
const KEY = "sk_test_setup";
const run = promisify(execFile);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

type World = { wrangler: FakeWrangler; standin: StripeStandin; config: string; lines: string[] };

async function world(): Promise<World> {
  const wrangler = fakeWrangler({ d1: [], r2: [], queues: [], secrets: null });
  const standin = await startStripeStandin({ port: 0 });
  const dir = mkdtempSync(join(tmpdir(), "setup-"));
  const config = join(dir, "wrangler.toml");
  copyFileSync(join(ROOT, "wrangler.toml"), config);
  cleanups.push(
    () => standin.close(),
    wrangler.close,
    () => rmSync(dir, { recursive: true, force: true }),
  );
  return { wrangler, standin, config, lines: [] };
}

function setup(w: World, answers: Record<string, string> = {}, print = false): Promise<SetupResult> {
  w.lines.length = 0;
  return runSetup({
    wrangler: spawnWrangler({ ...process.env, PATH: w.wrangler.path }, ROOT),
    configArgs: ["--config", w.config],
    dryRun: false,
    log: (line) => w.lines.push(line),
    configPath: w.config,
    secretsExample: readFileSync(join(ROOT, ".dev.vars.example"), "utf8"),
    print,
    stripe: stripeClient({ key: KEY, apiBase: new URL(w.standin.url) }),
    stripeKey: KEY,
    siteUrl: SITE,
    ask: async (name) => answers[name] ?? "",
  });
}

/** Method and path, with Stripe's generated ids made generic so two runs compare. */
const call = (r: { method: string; path: string }) => `${r.method} ${r.path.replace(/\/(price|bpc|we)_\w+/, "/$1_…")}`;

describe("npm run setup", { timeout: 60_000 }, () => {
  it("makes everything on a first run, in these exact commands and Stripe calls", async () => {
    const w = await world();
    const result = await setup(w, { MAIL_FROM: "orders@acacia-it.example" });
    const id = w.wrangler.state().d1[0]?.uuid;
    const cfg = ["--config", w.config];
    expect(w.wrangler.calls().map((c) => c.argv)).toEqual([
      ["d1", "list", "--json"],
      ["d1", "create", "acacia-site"],
      ["d1", "list", "--json"],
      ["r2", "bucket", "list"],
      ["r2", "bucket", "create", "acacia-documents"],
      ["queues", "list"],
      ["queues", "create", "acacia-mail"],
      ["queues", "create", "acacia-mail-dlq"],
      ["queues", "create", "acacia-etims"],
      ["d1", "migrations", "apply", "acacia-site", "--remote", ...cfg],
      ["secret", "list", "--format", "json", ...cfg],
      ["secret", "put", "STRIPE_SECRET_KEY", ...cfg],
      ["secret", "put", "MAIL_FROM", ...cfg],
      ["secret", "put", "SITE_URL", ...cfg],
      ["secret", "put", "STRIPE_WEBHOOK_SECRET", ...cfg],
    ]);
    const stdin = w.wrangler
      .calls()
      .slice(11)
      .map((c) => c.stdin);
    expect(stdin.slice(0, 3)).toEqual([KEY, "orders@acacia-it.example", SITE]);
    expect(stdin[3]).toMatch(/^whsec_[A-Za-z0-9_-]+$/);
    expect(readFileSync(w.config, "utf8")).toContain(`database_id = "${id}"`);
    expect(result.unsetSecrets).toEqual(expect.arrayContaining(["ADMIN_PASSWORD", "ACCESS_AUD", "OWNER_EMAIL"]));
    expect(result.unsetSecrets).not.toContain("STRIPE_API_BASE");

    const [list, create, ...catalogue] = w.standin.requests();
    expect([list, create].map((r) => r && call(r))).toEqual([
      "GET /v1/webhook_endpoints",
      "POST /v1/webhook_endpoints",
    ]);
    const events = [...HANDLED_STRIPE_EVENTS].sort();
    expect(create?.form).toEqual({
      url: `${SITE}/stripe/webhook`,
      ...Object.fromEntries(events.map((event, i) => [`enabled_events[${i}]`, event])),
      api_version: expect.stringMatching(/^\d{4}-\d\d-\d\d\.\w+$/),
      description: expect.any(String),
    });
    expect(events).toContain("checkout.session.completed");
    expect(events).toContain("subscription_schedule.released");
    // The catalogue and portal: exactly what `npm run stripe:sync` sends to a fresh account.
    const alone = await startStripeStandin({ port: 0 });
    cleanups.push(() => alone.close());
    await syncStandinCatalogue(alone.url, SITE);
    expect(catalogue.map(call)).toEqual(alone.requests().map(call));
    expect(w.lines.join("\n")).toMatch(
      /Email Sending: onboard acacia-it\.example[\s\S]*Access for acacia-it\.example\/admin\*/,
    );
  });

  it("creates nothing on a second run: no create command, no new endpoint, no secret put", async () => {
    const w = await world();
    await setup(w, { MAIL_FROM: "orders@acacia-it.example" });
    const before = { calls: w.wrangler.calls().length, requests: w.standin.requests().length };
    const second = await setup(w);
    const cfg = ["--config", w.config];
    expect(
      w.wrangler
        .calls()
        .slice(before.calls)
        .map((c) => c.argv),
    ).toEqual([
      ["d1", "list", "--json"],
      ["r2", "bucket", "list"],
      ["queues", "list"],
      ["d1", "migrations", "apply", "acacia-site", "--remote", ...cfg],
      ["secret", "list", "--format", "json", ...cfg],
    ]);
    expect(
      w.standin
        .requests()
        .slice(before.requests)
        .filter((r) => r.method !== "GET"),
    ).toEqual([]);
    expect(second.webhook.kind).toBe("none");
    const endpoints = await stripeClient({ key: KEY, apiBase: new URL(w.standin.url) }).webhookEndpoints.list();
    expect(endpoints.data).toHaveLength(1);
    expect(w.lines.join("\n")).toContain(`has the ${HANDLED_STRIPE_EVENTS.length} events the worker handles`);
  });

  it("puts back the events an endpoint lost, without a new endpoint or secret", async () => {
    const w = await world();
    await setup(w);
    const stripe = stripeClient({ key: KEY, apiBase: new URL(w.standin.url) });
    const [endpoint] = (await stripe.webhookEndpoints.list()).data;
    if (!endpoint) throw new Error("no endpoint");
    await stripe.webhookEndpoints.update(endpoint.id, { enabled_events: ["invoice.paid", "charge.failed"] });
    const calls = w.wrangler.calls().length;
    const again = await setup(w);
    expect(again.webhook).toMatchObject({ kind: "update", removed: ["charge.failed"] });
    expect((await stripe.webhookEndpoints.retrieve(endpoint.id)).enabled_events.sort()).toEqual(
      [...HANDLED_STRIPE_EVENTS].sort(),
    );
    expect(
      w.wrangler
        .calls()
        .slice(calls)
        .filter((c) => c.argv[1] === "put" || c.argv[1] === "create"),
    ).toEqual([]);
  });

  it("with --print, leaves wrangler.toml alone, prints its block and holds the migrations back", async () => {
    const w = await world();
    const result = await setup(w, {}, true);
    expect(readFileSync(w.config, "utf8")).toBe(readFileSync(join(ROOT, "wrangler.toml"), "utf8"));
    const printed = w.lines.slice(w.lines.findIndex((line) => line.startsWith("Put these lines in")) + 1);
    expect(printed.slice(0, 5)).toEqual([
      "  [[d1_databases]]",
      '  binding = "DB"',
      '  database_name = "acacia-site"',
      `  database_id = "${result.databaseId}"`,
      '  migrations_dir = "migrations"',
    ]);
    expect(printed[5]).toBe("\n2. Migrations");
    expect(w.wrangler.calls().some((c) => c.argv[1] === "migrations")).toBe(false);
  });

  it("--dry-run prints the whole plan and runs no wrangler command and no Stripe write", async () => {
    const w = await world();
    const env = { PATH: w.wrangler.path, STRIPE_SECRET_KEY: KEY, STRIPE_API_BASE: w.standin.url };
    const args = ["scripts/setup/cli.ts", "--dry-run", "--config", w.config, "--site-url", SITE];
    const { stdout } = await run(process.execPath, args, { cwd: ROOT, env });
    for (const expected of [
      "npx wrangler d1 list --json",
      "npx wrangler d1 create acacia-site",
      "npx wrangler r2 bucket create acacia-documents",
      "npx wrangler queues create acacia-mail",
      "npx wrangler queues create acacia-mail-dlq",
      "npx wrangler queues create acacia-etims",
      "npm run etims:init",
      `npx wrangler d1 migrations apply acacia-site --remote --config ${w.config}`,
      "npx wrangler secret list --format json",
      "npx wrangler secret put STRIPE_WEBHOOK_SECRET",
      `would create the webhook endpoint ${SITE}/stripe/webhook`,
      "Would make 102 changes (nothing was written).",
      "Email Sending",
    ]) {
      expect(stdout).toContain(expected);
    }
    expect(w.wrangler.calls()).toEqual([]);
    expect(w.standin.requests().filter((r) => r.method !== "GET")).toEqual([]);
    expect(readFileSync(w.config, "utf8")).toBe(readFileSync(join(ROOT, "wrangler.toml"), "utf8"));
  });

  it("refuses a SITE_URL that is not https before doing anything (exit 2)", async () => {
    const w = await world();
    const env = { PATH: w.wrangler.path, STRIPE_SECRET_KEY: KEY };
    const refused = await run(process.execPath, ["scripts/setup/cli.ts", "--site-url", "http://acacia-it.example"], {
      cwd: ROOT,
      env,
    }).catch((err: { code: number; stderr: string }) => err);
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining("SITE_URL must be https") });
    expect(w.wrangler.calls()).toEqual([]);
  });
});
