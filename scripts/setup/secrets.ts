// Step 3: the Worker's secrets. Those already set are left alone (their values cannot be read
// back); the missing ones are put from what this run knows, asked for, or listed for later.
import type { SetupContext } from "./context.ts";
import { commandLine, runWrangler, WranglerError } from "./wrangler.ts";

/** Test hooks (a loopback stand-in's address): never set in production. */
const NEVER_IN_PRODUCTION = new Set(["STRIPE_API_BASE", "MPESA_API_BASE"]);

/** Step 4 puts this one: Stripe shows an endpoint's signing secret only when it creates it. */
export const WEBHOOK_SECRET = "STRIPE_WEBHOOK_SECRET";

/** Asks the operator for one value ("" leaves it unset); null when nobody can answer (CI). */
export type Ask = ((name: string) => Promise<string>) | null;

/** Every secret the Worker reads: the keys of .dev.vars.example but the test hooks, in its order. */
export function productionSecrets(devVarsExample: string): string[] {
  const names = [...devVarsExample.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? "");
  return names.filter((name) => name && !NEVER_IN_PRODUCTION.has(name));
}

/** The names already set; none before the Worker's first deploy (wrangler then says "not found"). */
export async function listSecrets(ctx: SetupContext): Promise<Set<string>> {
  const args = ["secret", "list", "--format", "json", ...ctx.configArgs];
  const result = await ctx.wrangler(args);
  if (result.code !== 0) {
    if (/not found|does not exist/i.test(`${result.stderr}\n${result.stdout}`)) {
      ctx.log("The Worker is not deployed yet: no secrets are set.");
      return new Set();
    }
    throw new WranglerError(`${commandLine(args)} failed (exit ${result.code}):\n${result.stderr}`);
  }
  const listing: unknown = JSON.parse(result.stdout);
  if (!Array.isArray(listing)) throw new WranglerError(`${commandLine(args)} did not print a list.`);
  return new Set(listing.map((secret: { name?: unknown }) => String(secret.name)));
}

/** Puts one secret, its value on stdin (never in the arguments, which other users can see). */
export async function putSecret(ctx: SetupContext, name: string, value: string): Promise<void> {
  ctx.log(`Setting ${name}.`);
  await runWrangler(ctx.wrangler, ["secret", "put", name, ...ctx.configArgs], value);
}

export type SecretsPlan = {
  names: string[];
  listed: Set<string>;
  /** Values this run already has (STRIPE_SECRET_KEY, SITE_URL): put without asking. */
  known: Record<string, string>;
  ask: Ask;
};

/** Puts what is missing; returns the names still not set. */
export async function fillSecrets(ctx: SetupContext, plan: SecretsPlan): Promise<string[]> {
  const missing = plan.names.filter((name) => !plan.listed.has(name) && name !== WEBHOOK_SECRET);
  const unset: string[] = [];
  for (const name of missing) {
    const value = plan.known[name] ?? (plan.ask ? (await plan.ask(name)).trim() : "");
    if (value) await putSecret(ctx, name, value);
    else unset.push(name);
  }
  if (unset.length) {
    ctx.log(`Not set (each optional; see .dev.vars.example): ${unset.join(", ")}.`);
    ctx.log(`  Set one later with: ${commandLine(["secret", "put", "NAME", ...ctx.configArgs])}`);
  }
  return unset;
}

export function planSecrets(ctx: SetupContext, names: string[], known: string[]): void {
  const others = names.filter((name) => !known.includes(name) && name !== WEBHOOK_SECRET);
  ctx.log(`would run: ${commandLine(["secret", "list", "--format", "json", ...ctx.configArgs])}`);
  ctx.log(
    `  for each secret not listed: ${commandLine(["secret", "put", "NAME", ...ctx.configArgs])} (value on stdin)`,
  );
  ctx.log(`    ${known.join(" and ")} from this run's configuration`);
  ctx.log(
    `    asked for (left unset when answered empty; listed without asking when not interactive): ${others.join(", ")}`,
  );
  ctx.log(`    ${WEBHOOK_SECRET} from the webhook endpoint (next step)`);
}
