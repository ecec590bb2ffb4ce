// The command itself: where it reads its configuration, what it refuses, and a run end to end.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { type StripeStandin, startStripeStandin } from "../../scripts/stripe-standin/server.ts";
import { readSyncConfig, SyncConfigError } from "../../scripts/stripe-sync/config.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const CLI = join(ROOT, "scripts/stripe-sync/cli.ts");
const run = promisify(execFile);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function devVars(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "stripe-sync-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, ".dev.vars");
  writeFileSync(file, text);
  return file;
}

describe("the sync's configuration", () => {
  const NO_FILE = join(tmpdir(), "no-such-dir-stripe-sync", ".dev.vars");

  it("reads .dev.vars, where the environment does not say otherwise", () => {
    const file = devVars("STRIPE_SECRET_KEY=sk_test_from_file\nSITE_URL=https://acacia-it.example/ignored/path\n");
    const config = readSyncConfig({}, file);
    expect([config.key, config.keySource, config.siteUrl, config.apiBase]).toEqual([
      "sk_test_from_file",
      ".dev.vars",
      "https://acacia-it.example",
      null,
    ]);
    expect(readSyncConfig({ STRIPE_SECRET_KEY: "sk_test_from_env" }, file).key).toBe("sk_test_from_env");
  });

  it("accepts only a loopback STRIPE_API_BASE, so the key never goes anywhere else", () => {
    const env = { STRIPE_SECRET_KEY: "sk_test_x", SITE_URL: "https://acacia-it.example" };
    for (const base of ["https://api.example.com", "http://10.0.0.2:12111", "ftp://127.0.0.1", "not a url"]) {
      expect(() => readSyncConfig({ ...env, STRIPE_API_BASE: base }, NO_FILE)).toThrow(SyncConfigError);
    }
    for (const base of ["http://127.0.0.1:12111", "http://localhost:1", "http://[::1]:12111"]) {
      expect(readSyncConfig({ ...env, STRIPE_API_BASE: base }, NO_FILE).apiBase?.href).toBe(new URL(base).href);
    }
  });

  it("needs a key, and SITE_URL unless it talks to a stand-in (which links to npm start's site)", () => {
    expect(() => readSyncConfig({}, NO_FILE)).toThrow(/STRIPE_SECRET_KEY is not set/);
    expect(() => readSyncConfig({ STRIPE_SECRET_KEY: "pk_test_public" }, NO_FILE)).toThrow(/not a Stripe secret key/);
    expect(() => readSyncConfig({ STRIPE_SECRET_KEY: "sk_test_x" }, NO_FILE)).toThrow(/SITE_URL is not set/);
    const local = readSyncConfig(
      { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_API_BASE: "http://127.0.0.1:12111" },
      NO_FILE,
    );
    expect(local.siteUrl).toBe("http://127.0.0.1:8787");
  });
});

describe("npm run stripe:sync", () => {
  async function cli(standin: StripeStandin | null, args: string[], extra: Record<string, string> = {}) {
    const env = {
      PATH: process.env.PATH ?? "",
      STRIPE_SECRET_KEY: "sk_test_cli",
      ...(standin ? { STRIPE_API_BASE: standin.url } : {}),
      ...extra,
    };
    return run(process.execPath, [CLI, ...args], { cwd: ROOT, env }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: "" }),
      (err: { code: number; stdout: string; stderr: string }) => err,
    );
  }

  it("prints the plan on --dry-run, then syncs, then finds nothing to change", async () => {
    const standin = await startStripeStandin({ port: 0 });
    cleanups.push(() => standin.close());
    const dry = await cli(standin, ["--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("+ price plan-business-year: $3,825.00 a year");
    expect(dry.stdout).toContain("Would make 102 changes (nothing was written).");
    expect(standin.requests().filter((r) => r.method === "POST")).toEqual([]);

    const first = await cli(standin, []);
    expect(first.stdout).toContain("Made 102 changes.");
    expect(first.stdout).toMatch(/Portal configuration bpc_\w+\. The site finds it by its metadata .*no secret to set/);
    const second = await cli(standin, []);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("No change:");
  });

  it("refuses a STRIPE_API_BASE off loopback before it sends anything (exit 2)", async () => {
    const refused = await cli(null, [], { STRIPE_API_BASE: "https://stripe.attacker.example" });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("STRIPE_API_BASE must be an http(s) URL on 127.0.0.1");
  });
});
