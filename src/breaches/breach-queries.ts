/**
 * The breach register's SQL (migrations/0023): an entry recorded with its audit row, numbered in
 * the INSERT itself; an update made only from the version the owner saw, with its audit row; and
 * the reads of the pages, the exports, the alerts and the digest. Nothing here deletes.
 */
import { and, asc, eq, getTableColumns, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { auditFor } from "../db/audit-trail.ts";
import { type BreachRow, breaches } from "../db/breach-tables.ts";
import { database, runBatch } from "../db/client.ts";
import { keysetListing, type Listing } from "../db/keyset-listing.ts";
import type { AuditRow } from "../db/schema.ts";
import type { BreachFacts } from "./breach-input.ts";

/** Who acted and when: the change and its audit row share them. */
export type Stamp = { actor: string; at: string };

/**
 * A new entry, numbered BR-<year>-<n> with n one past the year's last: the INSERT reads the last
 * and writes the next in one statement, and UNIQUE (year, seq) fails a batch that lost a race
 * rather than give two entries one number. Its audit row names the entry just made. Returns its number.
 */
export async function insertBreach(
  db: D1Database,
  facts: BreachFacts,
  year: number,
  stamp: Stamp,
  detail: string,
): Promise<string> {
  const f = facts;
  const next = sql`(SELECT COALESCE(MAX(seq), 0) + 1 FROM breaches WHERE year = ${year})`;
  const [inserted] = await runBatch(db, [
    sql`INSERT INTO breaches (number, year, seq, aware_at, recorded_at, recorded_by, what_happened, data_concerned,
        people_concerned, people_count, risk, risk_description, actions_taken, updated_at, updated_by)
      SELECT 'BR-' || ${String(year)} || '-' || n, ${year}, n, ${f.aware_at}, ${stamp.at}, ${stamp.actor}, ${f.what_happened},
        ${f.data_concerned}, ${f.people_concerned}, ${f.people_count}, ${f.risk}, ${f.risk_description},
        ${f.actions_taken}, ${stamp.at}, ${stamp.actor}
      FROM (SELECT ${next} AS n)
      RETURNING number`,
    sql`INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail)
      SELECT ${stamp.at}, ${stamp.actor}, 'breach.recorded', 'breach', number, ${detail}
      FROM breaches WHERE year = ${year} ORDER BY seq DESC LIMIT 1`,
  ]);
  const number = inserted?.[0]?.number;
  if (typeof number !== "string") throw new Error("The breach entry was not numbered");
  return number;
}

/** The columns an update may set (never the number, nor when or by whom it was recorded). */
export type BreachChanges = Partial<
  Omit<BreachRow, "number" | "year" | "seq" | "recorded_at" | "recorded_by" | "updated_at" | "updated_by" | "version">
>;

/**
 * Applies the owner's changes made from `version`, with the audit row, in one batch: both only
 * while the entry is still at that version. The audit row is written first under the same
 * condition, so of two updates made from one version exactly one writes both. False: the entry
 * moved on (or is not there) and nothing was written.
 */
export async function updateBreach(
  db: D1Database,
  number: string,
  version: number,
  changes: BreachChanges,
  stamp: Stamp,
  detail: string,
): Promise<boolean> {
  const results = await runBatch(db, [
    sql`INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail)
      SELECT ${stamp.at}, ${stamp.actor}, 'breach.updated', 'breach', number, ${detail}
      FROM breaches WHERE number = ${number} AND version = ${version}`,
    database(db)
      .update(breaches)
      .set({ ...changes, updated_at: stamp.at, updated_by: stamp.actor, version: sql`${breaches.version} + 1` })
      .where(and(eq(breaches.number, number), eq(breaches.version, version)))
      .returning({ number: breaches.number }),
  ]);
  return (results[1]?.length ?? 0) > 0;
}

export async function breachByNumber(db: D1Database, number: string): Promise<BreachRow | null> {
  return (await database(db).select().from(breaches).where(eq(breaches.number, number)).get()) ?? null;
}

/**
 * The register newest first, by its number (year, then seq), as the back office pages it
 * (db/keyset-listing.ts): a page is a range of the UNIQUE (year, seq) index read backwards,
 * SEARCH breaches USING INDEX sqlite_autoindex_breaches_2 ((year,seq)<(?,?)).
 */
export function breachListing(db: D1Database): Listing {
  const dz = database(db);
  const sort = [breaches.year, breaches.seq] as const;
  return keysetListing({
    from: (selected) => dz.select(selected).from(breaches).$dynamic(),
    fields: getTableColumns(breaches),
    filter: undefined,
    search: undefined,
    searchIndex: undefined,
    sort,
    names: ["year", "seq"],
    kinds: ["integer", "integer"],
  });
}

/** The entries after (year, seq), in the register's order: the exports read it a chunk at a time. */
export function breachesAfter(db: D1Database, after: { year: number; seq: number }, limit: number) {
  const b = breaches;
  return database(db)
    .select()
    .from(b)
    .where(or(gt(b.year, after.year), and(eq(b.year, after.year), gt(b.seq, after.seq))))
    .orderBy(asc(b.year), asc(b.seq))
    .limit(limit);
}

/**
 * Open entries whose ODPC notification is not recorded and whose risk is real or being assessed,
 * the longest known first. Plan: SCAN breaches USING INDEX breaches_open (the partial index holds
 * the open entries only, in aware_at order), the other terms checked on each; `limit` bounds it.
 */
export function breachesAwaitingOdpc(db: D1Database, limit: number) {
  const b = breaches;
  return database(db)
    .select()
    .from(b)
    .where(and(isNull(b.closed_at), isNull(b.odpc_notified_at), inArray(b.risk, ["yes", "assessing"])))
    .orderBy(asc(b.aware_at))
    .limit(limit);
}

/** Open entries with a real risk whose people are not told yet, the longest known first (the same plan). */
export function breachesUntold(db: D1Database, limit: number) {
  const b = breaches;
  return database(db)
    .select()
    .from(b)
    .where(and(isNull(b.closed_at), eq(b.risk, "yes"), eq(b.subjects_told, "no")))
    .orderBy(asc(b.aware_at))
    .limit(limit);
}

/** An entry's audit trail, newest first (admin_audit_by_subject). */
export function breachAudit(db: D1Database, number: string): Promise<AuditRow[]> {
  return auditFor(db, "breach", number);
}
