/**
 * Hourly and daily budgets per scope and key (migrations/0006_budgets.sql).
 *
 * The statements that count and take back uses stay raw SQL: each is one guarded UPSERT or UPDATE
 * whose WHERE (the windows' counts, or the attempt's other uses via `last_use`) is the lock, so the
 * check and the change cannot be split by another request. Only the sweep's deletion is drizzle's.
 */
import { lt, sql } from "drizzle-orm";
import { database } from "../db/client.ts";
import { budgets } from "../db/limit-tables.ts";

/** One use to count: the windows it falls in, and how many each window allows. */
export type BudgetUse = {
  scope: string;
  key: string;
  /** The clock hour and the UTC day, as '2026-11-25T13' and '2026-11-25'. */
  hour: string;
  day: string;
  perHour: number;
  perDay: number;
};

/**
 * Counts the use unless a window is full: true when counted. The UPSERT's WHERE makes the check and
 * the count one atomic step, so there is no count-then-insert race, and a refused use counts nothing.
 * Raw: the guard is the statement.
 */
export async function countBudgetUse(db: D1Database, use: BudgetUse): Promise<boolean> {
  const row = await db
    .prepare(
      `INSERT INTO budgets (scope, key, hour, hour_count, day, day_count) VALUES (?1, ?2, ?3, 1, ?4, 1)
       ON CONFLICT (scope, key) DO UPDATE SET
         hour_count = CASE WHEN budgets.hour = excluded.hour THEN budgets.hour_count + 1 ELSE 1 END,
         day_count = CASE WHEN budgets.day = excluded.day THEN budgets.day_count + 1 ELSE 1 END,
         hour = excluded.hour,
         day = excluded.day
       WHERE (budgets.hour <> excluded.hour OR budgets.hour_count < ?5)
         AND (budgets.day <> excluded.day OR budgets.day_count < ?6)
       RETURNING hour_count`,
    )
    .bind(use.scope, use.key, use.hour, use.day, use.perHour, use.perDay)
    .first<{ hour_count: number }>();
  return row !== null;
}

/**
 * One use's UPSERT, counted only while `after` (the use before it in the same attempt) counted.
 * Raw: the guard (its windows, and the previous use's `last_use`) is the statement.
 */
function countedUseStatement(db: D1Database, use: BudgetUse, attempt: string, after: BudgetUse | null) {
  // INSERT … SELECT, so a use whose row is new is also skipped when the one before did not count
  // (an UPSERT's WHERE guards only its UPDATE). SQLite needs a WHERE on such a SELECT anyway.
  const previousCounted = after
    ? "EXISTS (SELECT 1 FROM budgets WHERE scope = ?8 AND key = ?9 AND last_use = ?7)"
    : "?8 IS NULL AND ?9 IS NULL";
  return db
    .prepare(
      `INSERT INTO budgets (scope, key, hour, hour_count, day, day_count, last_use)
       SELECT ?1, ?2, ?3, 1, ?4, 1, ?7 WHERE ${previousCounted}
       ON CONFLICT (scope, key) DO UPDATE SET
         hour_count = CASE WHEN budgets.hour = excluded.hour THEN budgets.hour_count + 1 ELSE 1 END,
         day_count = CASE WHEN budgets.day = excluded.day THEN budgets.day_count + 1 ELSE 1 END,
         hour = excluded.hour,
         day = excluded.day,
         last_use = excluded.last_use
       WHERE (budgets.hour <> excluded.hour OR budgets.hour_count < ?5)
         AND (budgets.day <> excluded.day OR budgets.day_count < ?6)
       RETURNING hour_count`,
    )
    .bind(
      use.scope,
      use.key,
      use.hour,
      use.day,
      use.perHour,
      use.perDay,
      attempt,
      after?.scope ?? null,
      after?.key ?? null,
    );
}

/**
 * Takes back one use the attempt counted, when `unless` (its last use) did not count; any time when
 * null. Raw: a guarded UPDATE whose WHERE (`last_use`, and the last use's row) decides it.
 */
function returnedUseStatement(db: D1Database, use: BudgetUse, attempt: string, unless: BudgetUse | null) {
  const lastCounted = unless
    ? "AND NOT EXISTS (SELECT 1 FROM budgets WHERE scope = ?4 AND key = ?5 AND last_use = ?3)"
    : "AND ?4 IS NULL AND ?5 IS NULL";
  return db
    .prepare(
      `UPDATE budgets SET hour_count = max(hour_count - 1, 0), day_count = max(day_count - 1, 0), last_use = NULL
       WHERE scope = ?1 AND key = ?2 AND last_use = ?3 ${lastCounted}`,
    )
    .bind(use.scope, use.key, attempt, unless?.scope ?? null, unless?.key ?? null);
}

/**
 * Counts one use of every budget, or of none: null when all were counted, else the index of the
 * first use whose window was full. One batch is one transaction: each use counts only while the one
 * before it did (they carry the attempt's id), and when the last did not, the earlier ones are
 * taken back before the batch ends. No other request ever sees a budget half spent by a refused
 * attempt.
 */
export async function countBudgetUsesTogether(
  db: D1Database,
  uses: readonly BudgetUse[],
  attempt: string,
): Promise<number | null> {
  const last = uses.at(-1);
  if (!last) return null;
  const counts = uses.map((use, i) => countedUseStatement(db, use, attempt, uses[i - 1] ?? null));
  const takeBack = uses.slice(0, -1).map((use) => returnedUseStatement(db, use, attempt, last));
  const results = await db.batch([...counts, ...takeBack]);
  const refused = uses.findIndex((_, i) => (results[i]?.results.length ?? 0) === 0);
  return refused < 0 ? null : refused;
}

/** Takes back every use an attempt counted (a later check refused it: the site-wide ceiling). */
export async function returnBudgetUses(db: D1Database, uses: readonly BudgetUse[], attempt: string): Promise<void> {
  await db.batch(uses.map((use) => returnedUseStatement(db, use, attempt, null)));
}

/**
 * Deletes at most `limit` rows of days before `day`; how many were deleted. The next run's WHERE
 * finds the rest. Plan: SEARCH budgets USING COVERING INDEX budgets_by_day (day<?).
 */
export async function deleteBudgetsBefore(db: D1Database, day: string, limit: number): Promise<number> {
  const dz = database(db);
  // The table has no rowid (WITHOUT ROWID): its primary key names the rows.
  const past = dz
    .select({ scope: budgets.scope, key: budgets.key })
    .from(budgets)
    .where(lt(budgets.day, day))
    .limit(limit);
  const { meta } = await dz.delete(budgets).where(sql`(${budgets.scope}, ${budgets.key}) IN (${past})`);
  return meta.changes ?? 0;
}
