/** Hourly and daily budgets per scope and key (migrations/0006_budgets.sql). */

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

/** Deletes the rows of days before `day`; how many were deleted. */
export async function deleteBudgetsBefore(db: D1Database, day: string): Promise<number> {
  const { meta } = await db.prepare("DELETE FROM budgets WHERE day < ?").bind(day).run();
  return meta.changes ?? 0;
}
