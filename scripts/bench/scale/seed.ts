/**
 * Seeds a local D1 for `npm run bench:scale`: the real migrations make the schema, then one SQLite
 * transaction writes `orders` orders and everything that hangs off them, in proportion (2× contact
 * messages, about 6× e-mails, 0.3× quotes, a payment and receipt per paid order, about 5%
 * subscriptions with their monthly invoices, some audit rows), over three years to now.
 *
 *   node scripts/bench/scale/seed.ts --orders 1000 --persist-to .wrangler/scale-1k [--seed 37]
 *
 * Writing through wrangler (`d1 execute`) would take many minutes at 100,000 orders; node:sqlite
 * writes the file wrangler's local D1 keeps, which wrangler opens as its own afterwards. The rows
 * depend only on the seed and the hour the run starts in (dates are relative to now, so the crons'
 * periods meet them as they would live).
 */
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { applyLocalMigrations } from "../../local-d1.ts";
import { newContext, type Row } from "./seed-context.ts";
import { seededRandom } from "./seed-random.ts";
import { seedTimeline } from "./seed-timeline.ts";

export type ScaleCounts = {
  orders: number;
  messages: number;
  emails: number;
  quotes: number;
  payments: number;
  receipts: number;
  subscriptions: number;
  audit: number;
};

const ROOT = resolve(import.meta.dirname, "../../..");
const D1_DIR = join("v3", "d1", "miniflare-D1DatabaseObject");

/** The SQLite file of the DB binding under wrangler's --persist-to: the one the migrations went into. */
export function localD1File(persistTo: string): string {
  const dir = resolve(ROOT, persistTo, D1_DIR);
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".sqlite") || name === "metadata.sqlite") continue;
    const db = new DatabaseSync(join(dir, name), { readOnly: true });
    try {
      const migrated = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'd1_migrations'").get();
      if (migrated) return join(dir, name);
    } finally {
      db.close();
    }
  }
  throw new Error(`No migrated D1 database under ${dir}`);
}

/**
 * Drops the migrations' own indexes (not those of PRIMARY KEY / UNIQUE constraints) and returns the
 * statements that made them: built once over every row, sorted, they cost a fraction of keeping them
 * up row by row, and the schema ends as the migrations left it. UNIQUE ones are checked when rebuilt.
 */
function dropIndexes(db: DatabaseSync): string[] {
  const rows = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all() as {
    name: string;
    sql: string;
  }[];
  for (const { name } of rows) db.exec(`DROP INDEX "${name}"`);
  return rows.map((row) => row.sql);
}

/** A sink that inserts each row with a statement prepared once per table and column list. */
function inserter(db: DatabaseSync): (table: string, row: Row) => void {
  const statements = new Map<string, StatementSync>();
  return (table, row) => {
    const columns = Object.keys(row);
    const key = `${table}(${columns.join(",")})`;
    let statement = statements.get(key);
    if (!statement) {
      statement = db.prepare(
        `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      );
      statements.set(key, statement);
    }
    statement.run(...Object.values(row));
  };
}

/**
 * A fresh local D1 under `persistTo` (wrangler's --persist-to dir), migrated, seeded with `orders`
 * orders and everything that hangs off them in proportion; deterministic for a given seed.
 */
export async function seedScale(options: { orders: number; persistTo: string; seed?: number }): Promise<ScaleCounts> {
  if (!Number.isInteger(options.orders) || options.orders < 1) throw new Error("orders: a whole number, 1 or more");
  applyLocalMigrations({ persistTo: options.persistTo, fresh: true });
  const db = new DatabaseSync(localD1File(options.persistTo));
  try {
    db.exec("PRAGMA synchronous = OFF");
    db.exec("PRAGMA cache_size = -262144");
    const indexes = dropIndexes(db);
    const hour = 3_600_000;
    const now = Math.floor(Date.now() / hour) * hour;
    const context = newContext(
      seededRandom(options.seed ?? 37),
      inserter(db),
      now,
      Math.max(50, options.orders * 0.45),
    );
    db.exec("BEGIN");
    try {
      seedTimeline(context, options.orders);
      for (const create of indexes) db.exec(create);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    const count = (table: string) => context.counts.get(table) ?? 0;
    return {
      orders: count("orders"),
      messages: count("contact_messages"),
      emails: count("outbox"),
      quotes: count("quotes"),
      payments: count("payments"),
      receipts: count("receipts"),
      subscriptions: count("subscriptions"),
      audit: count("admin_audit"),
    };
  } finally {
    db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      orders: { type: "string", default: "1000" },
      "persist-to": { type: "string" },
      seed: { type: "string" },
    },
  });
  const orders = Number(values.orders);
  const persistTo = values["persist-to"] ?? `.wrangler/scale-${orders}`;
  const started = performance.now();
  try {
    const counts = await seedScale({ orders, persistTo, ...(values.seed ? { seed: Number(values.seed) } : {}) });
    console.log(JSON.stringify(counts));
    console.log(`Seeded ${persistTo} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
