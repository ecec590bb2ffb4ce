/** The owner's settings (migrations/0011): one row per key, written with its audit row in one batch. */
import type { SettingRow } from "../db/schema.ts";

export function getSetting(db: D1Database, key: string): Promise<SettingRow | null> {
  return db.prepare("SELECT * FROM settings WHERE key = ?").bind(key).first<SettingRow>();
}

/** Sets a value and writes its audit row in the same transaction: neither without the other. */
export async function putSetting(db: D1Database, key: string, value: string, actor: string): Promise<void> {
  await db.batch([
    db
      .prepare(
        `INSERT INTO settings (key, value, updated_by) VALUES (?1, ?2, ?3)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_by = excluded.updated_by,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .bind(key, value, actor),
    db
      .prepare(
        `INSERT INTO admin_audit (actor, action, subject_kind, subject_id, detail)
         VALUES (?1, ?2, 'setting', ?3, ?4)`,
      )
      .bind(actor, `setting.${key}`, key, value),
  ]);
}
