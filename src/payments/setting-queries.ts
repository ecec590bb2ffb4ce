/** The owner's settings (migrations/0011): one row per key, written with its audit row in one batch. */
import { eq } from "drizzle-orm";
import { database, runBatch } from "../db/client.ts";
import { NOW } from "../db/column-values.ts";
import { adminAudit, type SettingRow, settings } from "../db/schema.ts";

/** The owner's settings; setting one is audited as `setting.<key>` (db/schema.ts auditActions). */
export type SettingKey = "kes_rate";

export async function getSetting(db: D1Database, key: SettingKey): Promise<SettingRow | null> {
  return (await database(db).select().from(settings).where(eq(settings.key, key)).get()) ?? null;
}

/** Sets a value and writes its audit row in the same transaction: neither without the other. */
export async function putSetting(db: D1Database, key: SettingKey, value: string, actor: string): Promise<void> {
  const dz = database(db);
  await runBatch(db, [
    dz
      .insert(settings)
      .values({ key, value, updated_by: actor })
      .onConflictDoUpdate({ target: settings.key, set: { value, updated_by: actor, updated_at: NOW } }),
    dz.insert(adminAudit).values({
      actor,
      action: `setting.${key}`,
      subject_kind: "setting",
      subject_id: key,
      detail: value,
    }),
  ]);
}
