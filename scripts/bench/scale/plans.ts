/**
 * EXPLAIN QUERY PLAN of the back office's and the daily cron's hot queries at a size: the site's
 * own query code is run against the state's SQLite file (read-only) through a recording D1, so
 * the SQL explained is exactly what drizzle builds today, whatever the features change it to.
 * A plan line that scans a table of more than 1,000 rows is reported.
 */
import { DatabaseSync } from "node:sqlite";
import type { Section } from "../../../src/admin/admin-query.ts";
import { adminSectionView } from "../../../src/admin/admin-sections.ts";
import { runScheduled } from "../../../src/cron.ts";
import { DIGEST_CRON } from "../../../src/mail/owner-digest.ts";
import { personShown } from "../../../src/privacy/person.ts";
import { activeMailboxes, engagedMailboxes } from "../../../src/privacy/retention-mailboxes.ts";
import { expiredClientOrders, expiredUnpaidOrders } from "../../../src/privacy/retention-order-queries.ts";
import { oldMessages } from "../../../src/privacy/retention-queries.ts";
import { oldUnacceptedQuotes } from "../../../src/privacy/retention-quote-queries.ts";
import { type D1, recordingD1, type Sent } from "./d1-shim.ts";
import { hotScenarios } from "./plans-hot.ts";
import { localD1File } from "./seed.ts";
import { NO_MATCH, type Probes } from "./targets.ts";

/**
 * A table read row by row. `bounded`: an index walked in its order by a statement with a LIMIT and
 * no sort of its own, which stops at the LIMIT (a keyset page, a capped count): not a full scan.
 */
export type Scan = { query: string; table: string; rows: number; detail: string; sql: string; bounded?: boolean };

/** Scans of big tables are worth reporting; smaller ones cost nothing. */
const BIG_TABLE = 1_000;

type Scenario = { query: string; run: (db: D1) => Promise<unknown> };

const YEAR_MS = 365 * 24 * 3600 * 1000;

function scenarios(probes: Probes): Scenario[] {
  const section =
    (s: Section, params: Record<string, string> = {}) =>
    (db: D1) =>
      adminSectionView(
        { DB: db } as unknown as Parameters<typeof adminSectionView>[0],
        s,
        new URLSearchParams(params),
        "admin",
      );
  const cutoff = new Date(Date.now() - 2 * YEAR_MS).toISOString();
  const emails = [probes.gmailBuyer, probes.otherBuyer];
  return [
    { query: "orders, page 1", run: section("orders") },
    { query: "orders, last page", run: section("orders", { oldest: "1" }) },
    { query: "orders, search by e-mail", run: section("orders", { q: probes.gmailBuyer }) },
    { query: "orders, search with no match", run: section("orders", { q: NO_MATCH }) },
    { query: "subscriptions", run: section("subscriptions") },
    { query: "quotes", run: section("quotes") },
    { query: "messages", run: section("messages") },
    { query: "e-mails (outbox)", run: section("outbox") },
    { query: "invoices", run: section("invoices") },
    { query: "People, a Gmail buyer", run: (db) => personShown(db, probes.gmailBuyer, []) },
    { query: "People, another domain", run: (db) => personShown(db, probes.otherBuyer, []) },
    { query: "retention: old messages", run: (db) => oldMessages(db, cutoff, null, 100) },
    { query: "retention: old client orders", run: (db) => expiredClientOrders(db, cutoff, null, 100) },
    { query: "retention: old quotes", run: (db) => oldUnacceptedQuotes(db, cutoff, null, 100) },
    { query: "retention: unpaid orders", run: (db) => expiredUnpaidOrders(db, cutoff, 100) },
    { query: "retention: engaged mailboxes", run: (db) => engagedMailboxes(db, emails) },
    { query: "retention: active mailboxes", run: (db) => activeMailboxes(db, emails, cutoff) },
    { query: "daily cron (digest, retention, …)", run: (db) => cronRun(db, DIGEST_CRON) },
    { query: "5-minute cron", run: (db) => cronRun(db, "*/5 * * * *") },
  ];
}

/**
 * A whole Cron run on the recording D1, writes recorded but not run: every statement the crons send
 * at this size is explained. The periods are wrangler.toml's; nothing else is configured, so the
 * sweeps that need a provider (eTIMS, M-Pesa) do what they do unconfigured. Quiet: the steps' log
 * lines are the worker's, not the report's.
 */
async function cronRun(db: D1, cron: string): Promise<void> {
  const env = { DB: db, RETENTION_ENQUIRY_MONTHS: "24", RETENTION_MAIL_BODY_DAYS: "90", RETENTION_RECORD_YEARS: "7" };
  const controller = { cron, scheduledTime: Date.now(), noRetry: () => undefined };
  const { log, error, warn } = console;
  console.log = console.error = console.warn = () => undefined;
  try {
    await runScheduled(
      controller as unknown as Parameters<typeof runScheduled>[0],
      env as unknown as Parameters<typeof runScheduled>[1],
    );
  } finally {
    Object.assign(console, { log, error, warn });
  }
}

/** The plan's full-scan lines over big tables, for each scenario's statements. */
export async function bigScans(persistTo: string, probes: Probes): Promise<Scan[]> {
  const db = new DatabaseSync(localD1File(persistTo), { readOnly: true });
  const scans: Scan[] = [];
  try {
    for (const scenario of [...scenarios(probes), ...hotScenarios(db)]) {
      const sent: Sent[] = [];
      try {
        await scenario.run(recordingD1(db, sent));
      } catch (error) {
        scans.push({ query: scenario.query, table: "-", rows: 0, detail: `did not run: ${error}`, sql: "" });
      }
      const seen = new Set<string>();
      for (const { sql, params } of sent) {
        if (seen.has(sql)) continue;
        seen.add(sql);
        scans.push(...scansOf(db, scenario.query, sql, params, probes.tableRows));
      }
    }
  } finally {
    db.close();
  }
  return scans;
}

function scansOf(
  db: DatabaseSync,
  query: string,
  sql: string,
  params: Sent["params"],
  tableRows: Record<string, number>,
): Scan[] {
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
  const aliases = aliasesOf(sql);
  const found: Scan[] = [];
  const sorts = plan.some(({ detail }) => detail.includes("TEMP B-TREE"));
  const limited = /\blimit\s+\?/i.test(sql);
  for (const { detail } of plan) {
    const name = /^SCAN (\S+)/.exec(detail)?.[1];
    // json_each and the like are virtual tables over a bound value; CONSTANT ROW is no table.
    if (!name || name === "CONSTANT" || detail.includes("VIRTUAL TABLE")) continue;
    const table = aliases.get(name) ?? name;
    const rows = tableRows[table];
    // A subquery's scan ("SCAN (subquery-1)") or a CTE is not a table; one whose rows are unknown is reported.
    if ((rows !== undefined && rows <= BIG_TABLE) || !/^[A-Za-z_]\w*$/.test(table)) continue;
    const bounded = limited && !sorts && /USING (COVERING )?INDEX/.test(detail);
    found.push({ query, table, rows: rows ?? -1, detail, sql, bounded });
  }
  return found;
}

/** `FROM orders o` / `JOIN "quotes" AS q`: the plan names a scan by its alias. */
function aliasesOf(sql: string): Map<string, string> {
  const aliases = new Map<string, string>();
  const pattern = /\b(?:from|join)\s+"?(\w+)"?\s+(?:as\s+)?"?(\w+)"?/gi;
  for (const [, table, alias] of sql.matchAll(pattern)) {
    if (
      table &&
      alias &&
      !/^(where|on|left|inner|join|order|group|limit|cross|natural|using|union|where)$/i.test(alias)
    )
      aliases.set(alias, table);
  }
  return aliases;
}
