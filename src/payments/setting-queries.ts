/** The owner's settings (migrations/0011): one row per key, written with its audit row in one batch. */
import { eq, inArray } from "drizzle-orm";
import { database, runBatch } from "../db/client.ts";
import { NOW } from "../db/column-values.ts";
import { adminAudit, type SettingRow, settings } from "../db/schema.ts";

/** The owner's settings; a change is audited as `setting.<key or form>` (db/column-values.ts auditActions). */
export type SettingKey =
  | "kes_rate"
  | "bank_name"
  | "bank_account_name"
  | "bank_account_number"
  | "bank_branch"
  | "bank_swift"
  | "mpesa_paybill"
  | "mpesa_till"
  | "whatsapp_number"
  | "odpc_registration";

export async function getSetting(db: D1Database, key: SettingKey): Promise<SettingRow | null> {
  return (await database(db).select().from(settings).where(eq(settings.key, key)).get()) ?? null;
}

/** The values of these keys that are set, by key: one query however many. */
export async function getSettings(db: D1Database, keys: readonly SettingKey[]): Promise<Map<string, string>> {
  const rows = await database(db)
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

function upsert(db: D1Database, key: SettingKey, value: string, actor: string) {
  return database(db)
    .insert(settings)
    .values({ key, value, updated_by: actor })
    .onConflictDoUpdate({ target: settings.key, set: { value, updated_by: actor, updated_at: NOW } });
}

/**
 * Sets a value (null clears it) and writes its audit row in the same transaction: neither without
 * the other. The audit's detail is the value, or null for a cleared one.
 */
export async function putSetting(
  db: D1Database,
  key: "kes_rate" | "odpc_registration",
  value: string | null,
  actor: string,
): Promise<void> {
  await runBatch(db, [
    value === null ? database(db).delete(settings).where(eq(settings.key, key)) : upsert(db, key, value, actor),
    database(db)
      .insert(adminAudit)
      .values({
        actor,
        action: `setting.${key}`,
        subject_kind: "setting",
        subject_id: key,
        detail: value,
      }),
  ]);
}

/**
 * Sets several values at once (null clears one) with one audit row under `subject`, all in one
 * transaction: a form of related details is saved whole or not at all.
 */
export async function putSettings(
  db: D1Database,
  values: ReadonlyMap<SettingKey, string | null>,
  audit: { actor: string; subject: "payment_details"; detail: string },
): Promise<void> {
  const dz = database(db);
  const writes = [...values].map(([key, value]) =>
    value === null ? dz.delete(settings).where(eq(settings.key, key)) : upsert(db, key, value, audit.actor),
  );
  await runBatch(db, [
    ...writes,
    dz.insert(adminAudit).values({
      actor: audit.actor,
      action: `setting.${audit.subject}`,
      subject_kind: "setting",
      subject_id: audit.subject,
      detail: audit.detail,
    }),
  ]);
}
