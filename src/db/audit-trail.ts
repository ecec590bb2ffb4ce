/** The back office's audit trail read back: what the owner did to an item, newest first. */
import { and, desc, eq, inArray } from "drizzle-orm";
import { database } from "./client.ts";
import { type AuditRow, type AuditSubjectKind, adminAudit } from "./schema.ts";

/** An item's audit trail, newest first. */
export function auditFor(
  db: D1Database,
  kind: AuditSubjectKind,
  id: string | number,
  limit = 200,
): Promise<AuditRow[]> {
  return database(db)
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.subject_kind, kind), eq(adminAudit.subject_id, String(id))))
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .limit(limit);
}

/** The audit rows of several items of one kind, newest first. Each id is a bound parameter. */
export function auditRows(db: D1Database, kind: AuditSubjectKind, ids: readonly string[]): Promise<AuditRow[]> {
  return database(db)
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.subject_kind, kind), inArray(adminAudit.subject_id, [...ids])))
    .orderBy(desc(adminAudit.at), desc(adminAudit.id));
}
