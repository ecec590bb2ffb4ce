/**
 * What the owner does in the back office: who acted and what they wrote are checked here, and each
 * change is written with its audit row in one D1 batch (admin/admin-action-queries.ts), so a change that finds
 * nothing to do (already answered, not failed) writes no audit row either.
 */

import { contactMessageExists } from "../contact/contact-messages.ts";
import { auditRows } from "../db/audit-trail.ts";
import type { AuditRow, AuditSubjectKind, OrderNoteRow } from "../db/schema.ts";
import { orderInvoiceReported } from "../etims/sale-status.ts";
import { lazyOnce } from "../lib/lazy-once.ts";
import { wellFormedText } from "../lib/well-formed-text.ts";
import { getOrder } from "../orders/orders.ts";
import { KRA_PIN_MESSAGE, kraPinField } from "../tax/kra-pin.ts";
import { insertOrderNote, requeueFailedMail, setMessageAnswered, updateOrderKraPin } from "./admin-action-queries.ts";
import { adminCopy } from "./admin-copy.ts";

export type { AuditRow } from "../db/schema.ts";

export const ORDER_NOTE_MAX_LENGTH = 2000;

/** An order note: trimmed, 1–2,000 characters, well-formed text. Built on first use, not at start-up. */
const orderNoteSchema = lazyOnce(() =>
  wellFormedText()
    .trim()
    .min(1, { message: "The note is empty" })
    .max(ORDER_NOTE_MAX_LENGTH, {
      message: `A note is at most ${ORDER_NOTE_MAX_LENGTH.toLocaleString("en-US")} characters`,
    }),
);

/** Who acted: the e-mail Cloudflare Access vouched for, or "admin". */
const actorSchema = lazyOnce(() => wellFormedText().trim().min(1).max(320));

/** The actor, checked: the route always knows who is signed in, so a bad one is a bug (thrown). */
function actorOf(actor: string): string {
  const parsed = actorSchema().safeParse(actor);
  if (!parsed.success) throw new TypeError("An audited action needs its actor: an e-mail or 'admin'");
  return parsed.data;
}

/** Now, as every timestamp in the database is written; the change and its audit row share it. */
const now = () => new Date().toISOString();

export type ChangeResult = { found: false } | { found: true; changed: boolean };

/**
 * Marks a contact message answered (when, by whom) or unanswered again. Idempotent: marking an
 * answered message answered changes nothing and writes no audit row (`changed: false`).
 */
export async function markMessageAnswered(
  db: D1Database,
  id: number,
  answered: boolean,
  actor: string,
): Promise<ChangeResult> {
  const who = actorOf(actor);
  if (!Number.isSafeInteger(id) || id < 1) return { found: false };
  if (await setMessageAnswered(db, id, answered, { actor: who, at: now() })) return { found: true, changed: true };
  return (await contactMessageExists(db, id)) ? { found: true, changed: false } : { found: false };
}

export type AddNoteResult =
  | { ok: true; note: OrderNoteRow }
  | { ok: false; reason: "invalid"; message: string }
  | { ok: false; reason: "not_found" };

/** Adds the owner's note to an order (audited with the note's text); refuses an invalid note. */
export async function addOrderNote(
  db: D1Database,
  orderId: string,
  body: string,
  actor: string,
): Promise<AddNoteResult> {
  const who = actorOf(actor);
  const parsed = orderNoteSchema().safeParse(body);
  if (!parsed.success) {
    return { ok: false, reason: "invalid", message: parsed.error.issues[0]?.message ?? "Invalid note" };
  }
  const note = await insertOrderNote(db, orderId, parsed.data, { actor: who, at: now() });
  return note ? { ok: true, note } : { ok: false, reason: "not_found" };
}

export type KraPinResult =
  | { ok: true; changed: boolean }
  | { ok: false; reason: "invalid"; message: string }
  | { ok: false; reason: "not_found" | "reported" };

/**
 * The owner adds, corrects or (empty) removes the buyer's KRA PIN, audited with the PIN before and
 * after. Refused once a tax invoice of the order is reported to KRA: that invoice keeps the PIN it
 * was sent with. A missing field is refused rather than read as "remove": only the form sends it.
 */
export async function setOrderKraPin(
  db: D1Database,
  orderId: string,
  typed: string | undefined,
  actor: string,
): Promise<KraPinResult> {
  const who = actorOf(actor);
  const parsed = kraPinField().safeParse(typed);
  if (typed === undefined || !parsed.success) return { ok: false, reason: "invalid", message: KRA_PIN_MESSAGE };
  const words = adminCopy.orders.kraPin;
  const detail = { format: words.was("%s", "%s"), none: words.none };
  if (await updateOrderKraPin(db, orderId, parsed.data ?? null, { actor: who, at: now() }, detail)) {
    return { ok: true, changed: true };
  }
  if (!(await getOrder(db, orderId))) return { ok: false, reason: "not_found" };
  if (await orderInvoiceReported(db, orderId)) return { ok: false, reason: "reported" };
  return { ok: true, changed: false };
}

/**
 * The owner's Resend of a failed e-mail: back to queued for another round of tries, audited
 * with the error it had failed with. True when it
 * was failed and is queued now; false otherwise (not failed, or no such e-mail), with nothing
 * written, so a double click resends once. The caller then hands it to the queue.
 */
export async function recordResend(db: D1Database, outboxId: number, actor: string): Promise<boolean> {
  const who = actorOf(actor);
  if (!Number.isSafeInteger(outboxId) || outboxId < 1) return false;
  return requeueFailedMail(db, outboxId, { actor: who, at: now() });
}

/**
 * The audit trails of a page's items in one query: each id's rows, newest first. Ids are bound
 * parameters; a page holds at most PAGE_SIZE (50) items, under D1's 100 parameters a statement.
 */
export async function auditForMany(
  db: D1Database,
  kind: AuditSubjectKind,
  ids: readonly (string | number)[],
): Promise<Map<string, AuditRow[]>> {
  const byId = new Map<string, AuditRow[]>();
  const unique = [...new Set(ids.map(String))];
  if (unique.length === 0) return byId;
  if (unique.length > 99) throw new RangeError("auditForMany: at most 99 ids a query");
  for (const row of await auditRows(db, kind, unique)) {
    const list = byId.get(row.subject_id);
    if (list) list.push(row);
    else byId.set(row.subject_id, [row]);
  }
  return byId;
}
