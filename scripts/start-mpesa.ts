// `npm start`'s M-Pesa part: with no M-Pesa keys configured it runs the local Daraja stand-in and
// points the worker at it, so M-Pesa Express can be tried offline on a test phone prompt.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { registerPlan, registerUrls } from "./mpesa-register/register.ts";
import { type MpesaStandin, startMpesaStandin } from "./mpesa-standin/server.ts";

const MPESA_STANDIN_PORT = 12112;
/** Daraja's sandbox paybill. */
const SANDBOX_SHORTCODE = "174379";
const SECRETS = ["MPESA_CONSUMER_KEY", "MPESA_CONSUMER_SECRET", "MPESA_SHORTCODE", "MPESA_PASSKEY"] as const;
const SETTINGS = [...SECRETS, "MPESA_ENV", "MPESA_API_BASE"] as const;

export type MpesaSetup = { args: string[]; cleanup: () => void; standin?: MpesaStandin };

/** Where start.ts finds a setting: the secret files wrangler reads (the name of the file), or undefined. */
export type FileLookup = (name: string) => { from: string } | undefined;

/**
 * Keys in .dev.vars are read by wrangler itself. Keys only in the environment are handed over in a
 * private temporary env file (with the secret files, which an --env-file would otherwise replace):
 * a `--var` would show them in the process list.
 */
export async function mpesaSetup(files: string[], fromFiles: FileLookup, root: string): Promise<MpesaSetup> {
  const fromEnv = SETTINGS.filter((name) => !fromFiles(name) && process.env[name]?.trim());
  const configured = SECRETS.filter((name) => fromFiles(name) || fromEnv.includes(name));
  if (configured.length === 0) return localMpesaStandin();
  const missing = SECRETS.filter((name) => !configured.includes(name));
  const sources = [...new Set(configured.map((name) => fromFiles(name)?.from ?? "the environment"))].join(" and ");
  console.log(
    missing.length > 0
      ? `M-Pesa: not offered, ${missing.join(", ")} not set (the other keys come from ${sources}).`
      : `M-Pesa: Daraja, with keys from ${sources} (MPESA_ENV says sandbox or production; sandbox when unset).`,
  );
  if (fromEnv.length === 0) return { args: [], cleanup: () => {} };
  const lines = fromEnv.map((name) => `${name}=${process.env[name]?.trim()}`);
  if (lines.some((line) => /[\r\n"'`\\$]/.test(line)))
    throw new Error("An MPESA_* value in the environment has characters an env file cannot hold.");
  const dir = mkdtempSync(join(tmpdir(), "site-start-mpesa-"));
  const file = join(dir, "mpesa.env");
  writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
  return {
    args: [...files.flatMap((f) => ["--env-file", join(root, f)]), "--env-file", file],
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function localMpesaStandin(): Promise<MpesaSetup> {
  // A fresh passkey per run: the stand-in checks every Password the worker builds with it.
  const passkey = randomBytes(24).toString("hex");
  let standin: MpesaStandin;
  try {
    // A reversal (a refund) is answered by itself, as Daraja does, a few seconds after it is asked for.
    standin = await startMpesaStandin({ port: MPESA_STANDIN_PORT, passkey, reversalDelayMs: 3_000 });
  } catch (err) {
    const inUse = err instanceof Error && "code" in err && err.code === "EADDRINUSE";
    throw new Error(
      inUse
        ? `Port ${MPESA_STANDIN_PORT} is in use, so the local M-Pesa stand-in cannot start. Is another \`npm start\` running?`
        : `The local M-Pesa stand-in could not start: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  console.log(
    `M-Pesa: no MPESA_* keys configured (environment or .dev.vars), so the local M-Pesa stand-in runs at ${standin.url}.\n` +
      "  M-Pesa payments open its TEST phone prompt; no money moves. Put the four MPESA_* keys in .dev.vars to use Daraja.\n" +
      "  Answering the prompt POSTs Safaricom's callback to the site.",
  );
  const vars = {
    MPESA_CONSUMER_KEY: "local-standin-key",
    MPESA_CONSUMER_SECRET: "local-standin-secret",
    MPESA_SHORTCODE: SANDBOX_SHORTCODE,
    MPESA_PASSKEY: passkey,
    MPESA_ENV: "sandbox",
    MPESA_API_BASE: standin.url,
    // Refunds: any initiator and credential; a fresh result path secret (docs/refunds.md).
    MPESA_INITIATOR_NAME: "standin-initiator",
    MPESA_SECURITY_CREDENTIAL: randomBytes(48).toString("base64"),
    MPESA_RESULT_PATH_SECRET: randomBytes(16).toString("hex"),
    // Paybill payments: a fresh C2B path secret, and the site's URLs registered (docs/paybill.md).
    MPESA_C2B_PATH_SECRET: randomBytes(16).toString("hex"),
  };
  await registerUrls(vars, registerPlan(vars));
  console.log(
    `  Paybill: POST ${standin.url}/__c2b/pay {"amount":…,"account":"Q-…","phone":"2547…"} pays it as a customer.`,
  );
  return {
    args: Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    cleanup: () => {},
    standin,
  };
}
