// `npm start` (after the build): serves the built site with `wrangler dev` on 127.0.0.1:8787.
// It first applies the D1 migrations to the local database. With no Stripe key configured it
// starts the local Stripe stand-in and points the worker at it (signed webhooks included), so a
// fresh machine can place and confirm a whole (test) order offline. With a key, no stand-in runs.
// The same for M-Pesa (start-mpesa.ts): without its keys, the local Daraja stand-in runs; and for
// KRA eTIMS (start-etims.ts): without its secrets, the local OSCU stand-in runs; and for Insight
// (start-analytics.ts): without ANALYTICS_API_TOKEN, the local Analytics Engine SQL API stand-in runs.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseEnv } from "node:util";
import { applyLocalMigrations } from "./local-d1.ts";
import { analyticsSetup } from "./start-analytics.ts";
import { etimsSetup } from "./start-etims.ts";
import { mpesaSetup } from "./start-mpesa.ts";
import { type StripeStandin, startStripeStandin } from "./stripe-standin/server.ts";
import { syncStandinCatalogue } from "./stripe-sync/standin.ts";

const ROOT = resolve(import.meta.dirname, "..");
const SITE_PORT = 8787;
const STANDIN_PORT = 12111;
const STANDIN_KEY = "sk_test_local_standin";
const SITE_URL = `http://127.0.0.1:${SITE_PORT}`;
const WEBHOOK_URL = `${SITE_URL}/stripe/webhook`;

type KeySource = { key: string; from: string };

/** The files wrangler reads secrets from when run without --env: .dev.vars, else .env and .env.local. */
function secretFiles(): string[] {
  if (existsSync(join(ROOT, ".dev.vars"))) return [".dev.vars"];
  return [".env", ".env.local"].filter((file) => existsSync(join(ROOT, file)));
}

/** A value from the secret files wrangler reads (the last file wins, as in wrangler). */
function valueFromFiles(files: string[], name: string): KeySource | undefined {
  let found: KeySource | undefined;
  for (const file of files) {
    const key = parseEnv(readFileSync(join(ROOT, file), "utf8"))[name]?.trim();
    if (key) found = { key, from: file };
  }
  return found;
}

function keyFromFiles(files: string[]): KeySource | undefined {
  return valueFromFiles(files, "STRIPE_SECRET_KEY");
}

function describeKey(key: string): string {
  if (key.startsWith("sk_live_") || key.startsWith("rk_live_")) return "LIVE mode: real cards are charged";
  return "test mode";
}

type WranglerSetup = { args: string[]; cleanup: () => void; standin?: StripeStandin };

/**
 * wrangler reads .dev.vars itself. A key given only in the environment is handed over in a
 * private temporary env file: a `--var` would show the secret in the process list and in
 * wrangler's bindings table.
 */
function realStripe(files: string[], fromFiles: KeySource | undefined, envKey: string | undefined): WranglerSetup {
  if (fromFiles) {
    console.log(`Payments: Stripe, with STRIPE_SECRET_KEY from ${fromFiles.from} (${describeKey(fromFiles.key)}).`);
    return { args: [], cleanup: () => {} };
  }
  const key = envKey ?? "";
  if (!/^[A-Za-z0-9_]+$/.test(key)) throw new Error("STRIPE_SECRET_KEY in the environment is not a Stripe key.");
  const dir = mkdtempSync(join(tmpdir(), "site-start-"));
  const file = join(dir, "stripe.env");
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET?.trim();
  const lines = [`STRIPE_SECRET_KEY=${key}`];
  if (webhookSecret && /^[A-Za-z0-9_]+$/.test(webhookSecret)) lines.push(`STRIPE_WEBHOOK_SECRET=${webhookSecret}`);
  writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
  console.log(`Payments: Stripe, with STRIPE_SECRET_KEY from the environment (${describeKey(key)}).`);
  return {
    args: [...files.flatMap((f) => ["--env-file", join(ROOT, f)]), "--env-file", file],
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function localStandin(): Promise<WranglerSetup> {
  // A fresh secret per run: the stand-in signs its events with it and the worker verifies them.
  const webhookSecret = `whsec_local_${randomBytes(24).toString("hex")}`;
  let standin: StripeStandin;
  try {
    standin = await startStripeStandin({ port: STANDIN_PORT, webhookSecret, webhookUrl: WEBHOOK_URL });
  } catch (err) {
    const inUse = err instanceof Error && "code" in err && err.code === "EADDRINUSE";
    throw new Error(
      inUse
        ? `Port ${STANDIN_PORT} is in use, so the local Stripe stand-in cannot start. Is another \`npm start\` running?`
        : `The local Stripe stand-in could not start: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  // Checkout sells only what Stripe's catalogue holds (fail closed): fill the fresh stand-in's.
  try {
    await syncStandinCatalogue(standin.url, SITE_URL);
  } catch (err) {
    await standin.close();
    throw new Error(
      `The local Stripe stand-in's catalogue could not be made: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  console.log(
    `Payments: no STRIPE_SECRET_KEY configured (environment or .dev.vars), so the local Stripe stand-in runs at ${standin.url}.\n` +
      "  Orders open its TEST payment page; no card is charged. Put a key in .dev.vars to use Stripe.\n" +
      `  Paying there sends a signed checkout.session.completed event to ${WEBHOOK_URL}.`,
  );
  return {
    args: [
      "--var",
      `STRIPE_SECRET_KEY:${STANDIN_KEY}`,
      "--var",
      `STRIPE_API_BASE:${standin.url}`,
      "--var",
      `STRIPE_WEBHOOK_SECRET:${webhookSecret}`,
    ],
    cleanup: () => {},
    standin,
  };
}

function describeRealWebhooks(files: string[]): void {
  const secret =
    valueFromFiles(files, "STRIPE_WEBHOOK_SECRET") ??
    (process.env.STRIPE_WEBHOOK_SECRET?.trim() ? { from: "the environment" } : undefined);
  if (secret) {
    console.log(
      `Webhooks: verified with STRIPE_WEBHOOK_SECRET from ${secret.from}. Forward Stripe's events with\n` +
        `  stripe listen --forward-to ${WEBHOOK_URL}`,
    );
  } else {
    console.log(
      "Webhooks: no STRIPE_WEBHOOK_SECRET, so POST /stripe/webhook answers 503 (the success page still confirms payments).\n" +
        `  Run \`stripe listen --forward-to ${WEBHOOK_URL}\` and put the whsec_… it prints in .dev.vars.`,
    );
  }
}

/** The owner view is open locally only with a password the developer chose (.dev.vars). */
function describeAdmin(files: string[]): void {
  const password = valueFromFiles(files, "ADMIN_PASSWORD");
  if (password) {
    console.log(`Owner view: ${SITE_URL}/admin (user "admin", ADMIN_PASSWORD from ${password.from}).`);
  } else {
    console.log("Owner view: /admin is closed (404). Set ADMIN_PASSWORD in .dev.vars to open it locally.");
  }
}

/** Local e-mail addresses: the EMAIL binding is emulated by wrangler, which prints each e-mail. */
const LOCAL_MAIL_FROM = "orders@acacia-it.example";
const LOCAL_OWNER_EMAIL = "owner@acacia-it.example";

/**
 * E-mail goes through wrangler's emulated Email Service: nothing is delivered, each e-mail is
 * printed. Without MAIL_FROM/OWNER_EMAIL in .dev.vars, local stand-ins are used so the whole flow
 * (outbox, queue, sending) runs; say so, and say what happens in production without them.
 */
function describeMail(files: string[]): string[] {
  const args: string[] = [];
  const from = valueFromFiles(files, "MAIL_FROM");
  const owner = valueFromFiles(files, "OWNER_EMAIL");
  if (!from) args.push("--var", `MAIL_FROM:${LOCAL_MAIL_FROM}`);
  if (!owner) args.push("--var", `OWNER_EMAIL:${LOCAL_OWNER_EMAIL}`);
  console.log(
    `E-mail: from ${from?.key ?? LOCAL_MAIL_FROM}, owner ${owner?.key ?? LOCAL_OWNER_EMAIL}, through wrangler's local Email Service:
` +
      "  nothing is delivered; each e-mail is printed here and listed in /admin's outbox." +
      (from && owner
        ? ""
        : "\n  (Not set in .dev.vars: in production, without MAIL_FROM and OWNER_EMAIL e-mails are recorded as not configured.)"),
  );
  return args;
}

function runWrangler(extraArgs: string[]): ChildProcess {
  const wrangler = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
  const args = [wrangler, "dev", "--port", String(SITE_PORT), "--ip", "127.0.0.1", ...extraArgs];
  return spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
}

async function main(): Promise<void> {
  const files = secretFiles();
  const fromFiles = keyFromFiles(files);
  const envKey = process.env.STRIPE_SECRET_KEY?.trim() || undefined;
  applyLocalMigrations();
  console.log("Database: D1 migrations applied to the local database (.wrangler/state).");
  const setup = fromFiles || envKey ? realStripe(files, fromFiles, envKey) : await localStandin();
  if (!setup.standin) describeRealWebhooks(files);
  const mpesa = await mpesaSetup(files, (name) => valueFromFiles(files, name), ROOT);
  const etims = await etimsSetup((name) => valueFromFiles(files, name));
  const analytics = await analyticsSetup((name) => valueFromFiles(files, name));
  describeAdmin(files);
  const mailArgs = describeMail(files);
  console.log(`Site: ${SITE_URL}/`);

  const child = runWrangler([...setup.args, ...mpesa.args, ...etims.args, ...analytics.args, ...mailArgs]);
  // Ctrl-C reaches wrangler through the terminal too; a signal sent to this process alone is
  // passed on. Either way this process waits for wrangler to exit, then stops the stand-in.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      if (child.exitCode === null) child.kill(signal);
    });
  }
  child.on("exit", (code, signal) => {
    setup.cleanup();
    mpesa.cleanup();
    const done = () => process.exit(code ?? (signal ? 0 : 1));
    const standins = [setup.standin, mpesa.standin, etims.standin, analytics.standin];
    Promise.all(standins.map((standin) => standin?.close())).then(done, done);
  });
  child.on("error", (err) => {
    console.error(`Could not start wrangler: ${err.message}`);
    setup.cleanup();
    mpesa.cleanup();
    process.exit(1);
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
