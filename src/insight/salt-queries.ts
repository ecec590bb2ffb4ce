/** The funnel's daily salt in D1 (migrations/0024): made once a day, the days before deleted with it. */
import { eq, lt } from "drizzle-orm";
import { database, runBatch } from "../db/client.ts";
import { insightSalts } from "../db/insight-tables.ts";

/**
 * The salt of `day`, made from `candidate` if the day has none yet. One batch: whichever isolate
 * asks first makes the day's salt (the conflict keeps the first), every other reads that one, and
 * the salts of earlier days are gone once a later day's exists.
 */
export async function saltOfDay(db: D1Database, day: string, candidate: string): Promise<string | null> {
  const dz = database(db);
  const [, , rows] = await runBatch(db, [
    dz.insert(insightSalts).values({ day, salt: candidate }).onConflictDoNothing(),
    dz.delete(insightSalts).where(lt(insightSalts.day, day)),
    dz.select({ salt: insightSalts.salt }).from(insightSalts).where(eq(insightSalts.day, day)),
  ]);
  const salt = rows?.[0]?.salt;
  return typeof salt === "string" ? salt : null;
}

/**
 * The daily cron's part: a day with no visit makes no new salt, so the last one is deleted here
 * too, at the start of each Nairobi day, whether or not anyone comes. The table holds today's salt
 * and at most yesterday's, so the delete needs no budget. How many went.
 */
export async function forgetPastSalts(db: D1Database, today: string): Promise<number> {
  const { meta } = await database(db).delete(insightSalts).where(lt(insightSalts.day, today));
  return meta.changes ?? 0;
}
