/**
 * The owner's changes in the back office, each written with its audit row in one D1 batch (a
 * transaction: both or neither), and the audit trail read back (migrations/0005_back_office.sql).
 * The audit row is inserted from the same condition as the change (`INSERT … SELECT … WHERE <the
 * state the change needs>`), so a change that finds nothing to do writes no audit row either.
 */
import { and, eq, inArray, isNotNull, isNull, notExists, type SQL, sql } from "drizzle-orm";
import { type Database, database, runBatch } from "../db/client.ts";
import { etimsSales } from "../db/etims-tables.ts";
import {
  type AuditRow,
  type AuditSubjectKind,
  adminAudit,
  contactMessages,
  type OrderNoteRow,
  orderNotes,
  orders,
  outbox,
  payments,
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

/**
 * A sale of the order that KRA accepted: its tax invoice is issued, with the PIN the order had then.
 * Plan at 100k: as reportedOrderIds', for the one order (etims_sales_by_payment_status).
 */
function acceptedSales(dz: Database) {
  return dz
    .select({ one: sql`1` })
    .from(etimsSales)
    .innerJoin(payments, eq(payments.payment_id, etimsSales.payment_id))
    .where(and(eq(payments.order_id, orders.order_id), eq(etimsSales.status, "accepted")));
}

/**
 * Of these orders, those with a tax invoice KRA accepted (at most 99 ids: D1's bound parameters).
 * Plan at 100k: SEARCH payments USING INDEX payments_by_session (order_id=?), then
 *   SEARCH etims_sales USING COVERING INDEX etims_sales_by_payment_status (payment_id=? AND status=?)
 *   (migrations/0028; SCAN etims_sales, every sale, on each page of orders before)
 */
export async function reportedOrderIds(db: D1Database, orderIds: readonly string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await database(db)
    .selectDistinct({ order_id: payments.order_id })
    .from(etimsSales)
    .innerJoin(payments, eq(payments.payment_id, etimsSales.payment_id))
    .where(and(inArray(payments.order_id, [...orderIds]), eq(etimsSales.status, "accepted")))
    .all();
  return new Set(rows.map((row) => row.order_id));
}

/**
 * Sets (or, with null, clears) the buyer's KRA PIN, audited with `detail` (a printf format of the new
 * PIN and the old one, `none` standing for no PIN). The check that no tax invoice is reported is part
 * of both statements, so one accepted between a look and this write still stops it. True when the
 * PIN changed; false (nothing written) for no such order, a reported one or the same PIN.
 */
export async function updateOrderKraPin(
  db: D1Database,
  orderId: string,
  pin: string | null,
  acting: Acting,
  detail: { format: string; none: string },
): Promise<boolean> {
  const dz = database(db);
  const open = and(
    eq(orders.order_id, orderId),
    notExists(acceptedSales(dz)),
    sql`${orders.customer_kra_pin} IS NOT ${pin}`,
  );
  const described = sql`printf(${detail.format}, ${pin ?? detail.none}, COALESCE(${orders.customer_kra_pin}, ${detail.none}))`;
  const [audit] = await runBatch(db, [
    dz
      .insert(adminAudit)
      .select(
        dz
          .select(auditSelection(acting, "order.kra_pin", "order", sql`${orders.order_id}`, described))
          .from(orders)
          .where(open),
      )
      .returning({ id: adminAudit.id }),
    dz.update(orders).set({ customer_kra_pin: pin }).where(open),
  ]);
  return (audit?.length ?? 0) > 0;
}
