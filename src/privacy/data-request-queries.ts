/** The data requests made about people (exports, erasures refused), kept as back-office audit rows. */

import { and, desc, eq } from "drizzle-orm";
import { database, runBatch, type Statement } from "../db/client.ts";
import { type AuditRow, adminAudit } from "../db/schema.ts";

/** The data requests made about one person (their key's hash), newest first; or every request when null. */
export function dataRequests(db: D1Database, subject: string | null, limit: number): Promise<AuditRow[]> {
  return database(db)
    .select()
    .from(adminAudit)
    .where(
      and(eq(adminAudit.subject_kind, "person"), subject === null ? undefined : eq(adminAudit.subject_id, subject)),
    )
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .limit(limit)
    .all();
}

/**
 * Writes a data request (an export, or an erasure refused) to the audit log, in one batch with `also`
 * (the logged requests it answers: src/privacy/data-request-log.ts answeredByStatements).
 */
export async function insertDataRequest(
  db: D1Database,
  request: { at: string; actor: string; action: AuditRow["action"]; subject: string; detail: string },
  also: readonly Statement[] = [],
): Promise<void> {
  const record = database(db).insert(adminAudit).values({
    at: request.at,
    actor: request.actor,
    action: request.action,
    subject_kind: "person",
    subject_id: request.subject,
    detail: request.detail,
  });
  await runBatch(db, [record, ...also]);
}
