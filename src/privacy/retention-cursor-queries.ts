/**
 * Where a retention rule that walks pages stopped (migrations/0029): the keyset of the last row it
 * examined, so the next run goes on after it rather than reading the rows it kept again.
 */
import { eq } from "drizzle-orm";
import { database } from "../db/client.ts";
import { cronCursors } from "../db/cron-tables.ts";

/** A row's place in a walk ordered by (created_at, id); ids are kept as text whatever their type. */
export type Keyset = { created_at: string; id: string };

/** The step's saved place, or null: start from the first row. One primary-key read. */
export async function readCursor(db: D1Database, step: string): Promise<Keyset | null> {
  const [row] = await database(db)
    .select({ created_at: cronCursors.created_at, id: cronCursors.id })
    .from(cronCursors)
    .where(eq(cronCursors.step, step));
  return row ?? null;
}

/** Saves the step's place; null (the walk reached its end) deletes it, so the next pass starts over. */
export async function saveCursor(db: D1Database, step: string, at: Keyset | null, now: string): Promise<void> {
  const dz = database(db);
  if (at === null) {
    await dz.delete(cronCursors).where(eq(cronCursors.step, step));
    return;
  }
  await dz
    .insert(cronCursors)
    .values({ step, ...at, updated_at: now })
    .onConflictDoUpdate({ target: cronCursors.step, set: { ...at, updated_at: now } });
}
