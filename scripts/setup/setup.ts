// `npm run setup`: the first deploy's preparation, and a safe re-run. Each step finds before it
// creates, so a second run creates nothing; `dryRun` prints every action and takes none.
import { readFileSync, writeFileSync } from "node:fs";
import Stripe from "stripe";
import { catalogue } from "../../src/catalogue/catalogue.ts";
import { HANDLED_STRIPE_EVENTS } from "../../src/checkout/fulfilment.ts";
import { STRIPE_WEBHOOK_PATH } from "../../src/paths.ts";
import { syncStripeCatalogue } from "../stripe-sync/sync.ts";
import { databaseBlockLines, databaseIdIn, readDeployNames, withDatabaseId } from "./config-file.ts";
import type { SetupContext } from "./context.ts";
import { manualSteps } from "./manual-steps.ts";
import { ensureResources } from "./resources.ts";
import {
  type Ask,
  fillSecrets,
  listSecrets,
  planSecrets,
  productionSecrets,
  putSecret,
  WEBHOOK_SECRET,
} from "./secrets.ts";
import { type EndpointChange, ensureWebhookEndpoint } from "./stripe-webhook.ts";
import { commandLine, runWrangler } from "./wrangler.ts";

export type SetupOptions = SetupContext & {
  /** wrangler.toml: the names to find or create, and where the database id is written. */
  configPath: string;
  /** The text of .dev.vars.example: every secret the Worker reads. */
  secretsExample: string;
  /** Print the database's block instead of writing it into the config. */
  print: boolean;
  stripe: Stripe;
  stripeKey: string;
  /** The site's public origin (https). */
  siteUrl: string;
  ask: Ask;
};

export type SetupResult = { databaseId: string | null; unsetSecrets: string[]; webhook: EndpointChange };

export async function runSetup(options: SetupOptions): Promise<SetupResult> {
  const { log, dryRun } = options;
  log(dryRun ? "Dry run: every action below is printed, none is taken." : "Setting up the deploy.");
  const toml = readFileSync(options.configPath, "utf8");
  const names = readDeployNames(toml);

  log("\n1. D1 database, R2 bucket and queues");
  const databaseId = await ensureResources(options, names);
  const written = recordDatabaseId(options, toml, names.database, databaseId);

  log("\n2. Migrations");
  const migrate = ["d1", "migrations", "apply", names.database, "--remote", ...options.configArgs];
  if (dryRun) log(`would run: ${commandLine(migrate)}`);
  else if (!written) log(`Once wrangler.toml holds the id: ${commandLine(migrate)}`);
  else log((await runWrangler(options.wrangler, migrate)).trim());

  log("\n3. Secrets");
  const secretNames = productionSecrets(options.secretsExample);
  const known = { STRIPE_SECRET_KEY: options.stripeKey, SITE_URL: options.siteUrl };
  let listed: Set<string> | null = null;
  let unsetSecrets: string[] = [];
  if (dryRun) planSecrets(options, secretNames, Object.keys(known));
  else {
    listed = await listSecrets(options);
    unsetSecrets = await fillSecrets(options, { names: secretNames, listed, known, ask: options.ask });
  }

  log("\n4. Stripe: webhook endpoint, catalogue and customer portal");
  const webhook = await stripeStep(options, listed);

  log("");
  for (const line of manualSteps(options.siteUrl, options.configArgs)) log(line);
  return { databaseId, unsetSecrets, webhook };
}

/** Writes the id into the config (or prints the block); whether the config now holds it. */
function recordDatabaseId(options: SetupOptions, toml: string, database: string, id: string | null): boolean {
  if (id === null) {
    options.log(`would write the database's id into ${options.configPath} (database_id under ${database})`);
    return false;
  }
  if (databaseIdIn(toml, database) === id) {
    options.log(`${options.configPath} already holds its id.`);
    return true;
  }
  if (options.print) {
    options.log(`Put these lines in ${options.configPath} (the [[d1_databases]] block for ${database}):`);
    for (const line of databaseBlockLines(toml, database, id)) options.log(`  ${line}`);
    return false;
  }
  writeFileSync(options.configPath, withDatabaseId(toml, database, id));
  options.log(`Wrote database_id = "${id}" into ${options.configPath}.`);
  return true;
}

async function stripeStep(options: SetupOptions, listed: Set<string> | null): Promise<EndpointChange> {
  const { stripe, dryRun, log } = options;
  const url = new URL(STRIPE_WEBHOOK_PATH, options.siteUrl).href;
  const webhook = await ensureWebhookEndpoint({ stripe, url, events: HANDLED_STRIPE_EVENTS, dryRun, log });
  if (webhook.kind === "create") {
    if (dryRun)
      log(`would run: ${commandLine(["secret", "put", WEBHOOK_SECRET, ...options.configArgs])} (its signing secret)`);
    else if (webhook.secret) await putSecret(options, WEBHOOK_SECRET, webhook.secret);
    else throw new Error("Stripe created the webhook endpoint without returning its signing secret.");
  } else if (listed && !listed.has(WEBHOOK_SECRET)) {
    log(`${WEBHOOK_SECRET} is not set, and Stripe shows an existing endpoint's signing secret only in its dashboard:`);
    log(`  Developers > Webhooks > ${webhook.id} > Signing secret, then npx wrangler secret put ${WEBHOOK_SECRET}`);
  }
  if (webhook.kind === "none" && webhook.apiVersion !== Stripe.API_VERSION) {
    log(
      `  Note: it sends events in API version ${webhook.apiVersion ?? "(the account's default)"}, the worker reads ${Stripe.API_VERSION}.`,
    );
  }
  const sync = await syncStripeCatalogue({ stripe, items: catalogue.values(), siteUrl: options.siteUrl, dryRun });
  for (const line of sync.lines) log(line);
  return webhook;
}
