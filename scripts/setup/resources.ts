// Step 1: the D1 database, the R2 bucket and the queues wrangler.toml names, each listed first and
// created only when missing, so a re-run creates nothing.
import type { DeployNames } from "./config-file.ts";
import type { SetupContext } from "./context.ts";
import { commandLine, listsName, runWrangler } from "./wrangler.ts";

type D1Listing = { uuid?: unknown; name?: unknown };

/** Finds or creates everything; the D1 database's id (null in a dry run, where nothing is listed). */
export async function ensureResources(ctx: SetupContext, names: DeployNames): Promise<string | null> {
  if (ctx.dryRun) {
    planResources(ctx, names);
    return null;
  }
  const id = await ensureDatabase(ctx, names.database);
  await ensureListed(ctx, ["r2", "bucket", "list"], ["r2", "bucket", "create"], [names.bucket]);
  await ensureListed(ctx, ["queues", "list"], ["queues", "create"], names.queues);
  return id;
}

function planResources(ctx: SetupContext, names: DeployNames): void {
  const { database, bucket, queues } = names;
  ctx.log(`would run: ${commandLine(["d1", "list", "--json"])}`);
  ctx.log(`  if ${database} is not listed: ${commandLine(["d1", "create", database])}, then list again for its id`);
  ctx.log(`would run: ${commandLine(["r2", "bucket", "list"])}`);
  ctx.log(`  if ${bucket} is not listed: ${commandLine(["r2", "bucket", "create", bucket])}`);
  ctx.log(`would run: ${commandLine(["queues", "list"])}`);
  for (const queue of queues) ctx.log(`  if ${queue} is not listed: ${commandLine(["queues", "create", queue])}`);
}

async function ensureDatabase(ctx: SetupContext, database: string): Promise<string> {
  const found = await databaseId(ctx, database);
  if (found) {
    ctx.log(`D1 database ${database} exists (${found}).`);
    return found;
  }
  ctx.log(`Creating D1 database ${database}.`);
  await runWrangler(ctx.wrangler, ["d1", "create", database]);
  // Read back from the JSON listing rather than parse the create's prose.
  const created = await databaseId(ctx, database);
  if (!created) throw new Error(`wrangler d1 create ${database} succeeded, but the database is not listed.`);
  return created;
}

async function databaseId(ctx: SetupContext, database: string): Promise<string | null> {
  const output = await runWrangler(ctx.wrangler, ["d1", "list", "--json"]);
  let listing: unknown;
  try {
    listing = JSON.parse(output);
  } catch {
    throw new Error(`wrangler d1 list --json did not print JSON:\n${output}`);
  }
  if (!Array.isArray(listing)) throw new Error("wrangler d1 list --json did not print a list.");
  const entry = (listing as D1Listing[]).find((db) => db.name === database);
  return typeof entry?.uuid === "string" ? entry.uuid : null;
}

/** Lists once (these listings have no JSON form: names are read as words), creates each missing name. */
async function ensureListed(ctx: SetupContext, list: string[], create: string[], wanted: string[]): Promise<void> {
  const output = await runWrangler(ctx.wrangler, list);
  for (const name of wanted) {
    if (listsName(output, name)) {
      ctx.log(`${create[0] === "r2" ? "R2 bucket" : "Queue"} ${name} exists.`);
      continue;
    }
    ctx.log(`Creating ${create[0] === "r2" ? "R2 bucket" : "queue"} ${name}.`);
    await runWrangler(ctx.wrangler, [...create, name]);
  }
}
