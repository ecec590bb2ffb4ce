/**
 * The owner's changes in the back office, each written with its audit row in one D1 batch (a
 * transaction: both or neither), and the audit trail read back (migrations/0005_back_office.sql).
 * The audit row is inserted from the same condition as the change (`INSERT … SELECT … WHERE <the
 * state the change needs>`), so a change that finds nothing to do writes no audit row either.
 */
import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { database, runBatch } from "../db/client.ts";
import {
  type AuditRow,
  type AuditSubjectKind,
  adminAudit,
  contactMessages,
  type OrderNoteRow,
  orderNotes,
  orders,
  outbox,
} from "../db/schema.ts";

/** Who acted and when: the change and its audit row share the time. */
type Acting = { actor: string; at: string };

/**
 * The columns of an audit row as an `INSERT … SELECT` selects them from the row it is about, in the
 * table's order (drizzle checks it): each value bound, the subject's id and any detail read from
 * that row. `id` is NULL, so the database numbers it.
 */
function auditSelection(
  { actor, at }: Acting,
  action: AuditRow["action"],
  kind: AuditSubjectKind,
  subjectId: SQL,
  detail: SQL | null = null,
) {
  return {
    id: sql<number>`NULL`.as("id"),
    at: sql<string>`${at}`.as("at"),
    actor: sql<string>`${actor}`.as("actor"),
    action: sql<AuditRow["action"]>`${action}`.as("action"),
    subject_kind: sql<AuditSubjectKind>`${kind}`.as("subject_kind"),
    subject_id: subjectId.as("subject_id"),
    detail: (detail ?? sql`NULL`).as("detail"),
  };
}

/** Marks a message answered (or not): true when it changed, with its audit row written. */
export async function setMessageAnswered(
  db: D1Database,
  id: number,
  answered: boolean,
  acting: Acting,
): Promise<boolean> {
  const dz = database(db);
  const from = and(
    eq(contactMessages.id, id),
    answered ? isNull(contactMessages.answered_at) : isNotNull(contactMessages.answered_at),
  );
  const action = answered ? "message.answered" : "message.unanswered";
  const [audit] = await runBatch(db, [
    dz
      .insert(adminAudit)
      .select(
        dz
          .select(auditSelection(acting, action, "message", sql`CAST(${contactMessages.id} AS TEXT)`))
          .from(contactMessages)
          .where(from),
      )
      .returning({ id: adminAudit.id }),
    dz
      .update(contactMessages)
      .set({ answered_at: answered ? acting.at : null, answered_by: answered ? acting.actor : null })
      .where(from),
  ]);
  return (audit?.length ?? 0) > 0;
}

/**
 * Adds a note to an order, audited with its text. Both inserts select from the order, so a missing
 * order writes neither (and trips no foreign key): null then.
 */
export async function insertOrderNote(
  db: D1Database,
  orderId: string,
  body: string,
  acting: Acting,
): Promise<OrderNoteRow | null> {
  const dz = database(db);
  const theOrder = eq(orders.order_id, orderId);
  const [note] = await runBatch(db, [
    dz
      .insert(orderNotes)
      .select(
        dz
          .select({
            id: sql<number>`NULL`.as("id"),
            order_id: orders.order_id,
            at: sql<string>`${acting.at}`.as("at"),
            actor: sql<string>`${acting.actor}`.as("actor"),
            body: sql<string>`${body}`.as("body"),
          })
          .from(orders)
          .where(theOrder),
      )
      .returning(),
    dz.insert(adminAudit).select(
      dz
        .select(auditSelection(acting, "order.note", "order", sql`${orders.order_id}`, sql`${body}`))
        .from(orders)
        .where(theOrder),
    ),
  ]);
  return (note?.[0] as OrderNoteRow | undefined) ?? null;
}

/**
 * A failed e-mail back to queued for another round of tries, audited with the error it had failed
 * with: true when it was failed; false (nothing written) otherwise, or when its body was cleared
 * (there is nothing left to send).
 */
export async function requeueFailedMail(db: D1Database, outboxId: number, acting: Acting): Promise<boolean> {
  const dz = database(db);
  const failed = and(eq(outbox.id, outboxId), eq(outbox.status, "failed"), isNull(outbox.body_cleared_at));
  const [audit] = await runBatch(db, [
    dz
      .insert(adminAudit)
      .select(
        dz
          .select(
            auditSelection(
              acting,
              "outbox.resend",
              "outbox",
              sql`CAST(${outbox.id} AS TEXT)`,
              sql`${outbox.last_error}`,
            ),
          )
          .from(outbox)
          .where(failed),
      )
      .returning({ id: adminAudit.id }),
    dz.update(outbox).set({ status: "queued", attempts: 0, enqueued_at: null, updated_at: acting.at }).where(failed),
  ]);
  return (audit?.length ?? 0) > 0;
}
