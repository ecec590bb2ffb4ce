// The back office's actions (src/admin/admin-actions.ts): each change and its audit row in one D1 batch,
// both or neither; nothing written when there is nothing to change.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  addOrderNote,
  markMessageAnswered,
  ORDER_NOTE_MAX_LENGTH,
  recordResend,
} from "../../src/admin/admin-actions.ts";
import { auditFor } from "../../src/db/audit-trail.ts";
import type { OutboxStatus } from "../../src/db/schema.ts";
import { makeMail, makeMessage, makeOrder } from "./support/factories.ts";

const db = env.DB;
const OWNER = "owner@example.com";

/** A message from a buyer, an order with no lines, and an e-mail after three tries, as these tests need. */
const message = () => makeMessage({ name: "Wanjirũ Kamau" });
const order = () =>
  makeOrder({ customer_name: "Buyer", customer_email: "buyer@example.com", address: "1 Road", items: [] });
const mail = (status: OutboxStatus, lastError: string | null = null) =>
  makeMail({ status, attempts: 3, last_error: lastError, enqueued_at: "2026-01-01T00:00:00.000Z" });

const messageRow = (id: number) =>
  db
    .prepare("SELECT answered_at, answered_by FROM contact_messages WHERE id = ?")
    .bind(id)
    .first<{ answered_at: string | null; answered_by: string | null }>();

const auditCount = async () =>
  (await db.prepare("SELECT COUNT(*) AS n FROM admin_audit").first<{ n: number }>())?.n ?? 0;

/**
 * Makes the next write of one kind fail inside the batch (a trigger raising an error), to show
 * that the other half of the batch is rolled back with it.
 */
async function withFailing<T>(table: string, event: "INSERT" | "UPDATE", run: () => Promise<T>): Promise<unknown> {
  const name = `fail_${table}_${event.toLowerCase()}`;
  await db
    .prepare(`CREATE TRIGGER ${name} BEFORE ${event} ON ${table} BEGIN SELECT RAISE(ABORT, 'refused'); END`)
    .run();
  try {
    await run();
    return null;
  } catch (error) {
    return error;
  } finally {
    await db.prepare(`DROP TRIGGER ${name}`).run();
  }
}

describe("marking a message answered", () => {
  it("records when and by whom, audits each change, and toggles back and forth", async () => {
    const id = await message();
    expect(await messageRow(id)).toEqual({ answered_at: null, answered_by: null });

    expect(await markMessageAnswered(db, id, true, OWNER)).toEqual({ found: true, changed: true });
    const answered = await messageRow(id);
    expect(answered?.answered_by).toBe(OWNER);
    expect(answered?.answered_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    let audit = await auditFor(db, "message", id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: OWNER,
      action: "message.answered",
      subject_kind: "message",
      subject_id: String(id),
      detail: null,
      at: answered?.answered_at,
    });

    // Twice answered: nothing changes, nothing is audited.
    expect(await markMessageAnswered(db, id, true, "someone-else@example.com")).toEqual({
      found: true,
      changed: false,
    });
    expect(await messageRow(id)).toEqual(answered);
    expect(await auditFor(db, "message", id)).toHaveLength(1);

    // Back to unanswered, twice: one change, one audit row.
    expect(await markMessageAnswered(db, id, false, "admin")).toEqual({ found: true, changed: true });
    expect(await markMessageAnswered(db, id, false, "admin")).toEqual({ found: true, changed: false });
    expect(await messageRow(id)).toEqual({ answered_at: null, answered_by: null });

    expect(await markMessageAnswered(db, id, true, OWNER)).toEqual({ found: true, changed: true });
    audit = await auditFor(db, "message", String(id));
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ["message.answered", OWNER],
      ["message.unanswered", "admin"],
      ["message.answered", OWNER],
    ]);
  });

  it("writes nothing for a message that does not exist", async () => {
    const before = await auditCount();
    expect(await markMessageAnswered(db, 987_654_321, true, OWNER)).toEqual({ found: false });
    expect(await markMessageAnswered(db, -1, true, OWNER)).toEqual({ found: false });
    expect(await markMessageAnswered(db, 1.5, true, OWNER)).toEqual({ found: false });
    expect(await auditCount()).toBe(before);
  });

  it("changes nothing when the audit row cannot be written, and audits nothing when the change fails", async () => {
    const id = await message();
    expect(await withFailing("admin_audit", "INSERT", () => markMessageAnswered(db, id, true, OWNER))).toBeInstanceOf(
      Error,
    );
    expect(await messageRow(id)).toEqual({ answered_at: null, answered_by: null });

    expect(
      await withFailing("contact_messages", "UPDATE", () => markMessageAnswered(db, id, true, OWNER)),
    ).toBeInstanceOf(Error);
    expect(await auditFor(db, "message", id)).toEqual([]);

    // And with nothing failing, both happen.
    expect(await markMessageAnswered(db, id, true, OWNER)).toEqual({ found: true, changed: true });
    expect(await auditFor(db, "message", id)).toHaveLength(1);
  });

  it("refuses an action without an actor", async () => {
    const id = await message();
    await expect(markMessageAnswered(db, id, true, "")).rejects.toThrow(TypeError);
    await expect(markMessageAnswered(db, id, true, "   ")).rejects.toThrow(TypeError);
    await expect(markMessageAnswered(db, id, true, "\uD800")).rejects.toThrow(TypeError);
    expect(await auditFor(db, "message", id)).toEqual([]);
  });
});

describe("notes on an order", () => {
  it("adds a trimmed note with its audit row (the note's text as detail)", async () => {
    const sessionId = await order();
    const result = await addOrderNote(db, sessionId, "  Called Wanjirũ: تم الاتصال  \n", OWNER);
    expect(result).toMatchObject({
      ok: true,
      note: { order_id: sessionId, actor: OWNER, body: "Called Wanjirũ: تم الاتصال" },
    });
    const audit = await auditFor(db, "order", sessionId);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "order.note",
        subject_kind: "order",
        subject_id: sessionId,
        actor: OWNER,
        detail: "Called Wanjirũ: تم الاتصال",
        at: result.ok ? result.note.at : "",
      }),
    ]);
  });

  it("accepts exactly 2,000 characters and refuses more, empty or ill-formed notes", async () => {
    const sessionId = await order();
    expect(ORDER_NOTE_MAX_LENGTH).toBe(2000);
    expect((await addOrderNote(db, sessionId, "é".repeat(2000), OWNER)).ok).toBe(true);
    // Surrounding spaces do not count.
    expect((await addOrderNote(db, sessionId, ` ${"a".repeat(2000)} `, OWNER)).ok).toBe(true);

    const refusals = ["a".repeat(2001), "", "   \n\t ", "half an emoji \uD83D", "\uDE00 a low half alone"];
    for (const body of refusals) {
      const result = await addOrderNote(db, sessionId, body, OWNER);
      expect(result.ok, JSON.stringify(body.slice(0, 20))).toBe(false);
      expect(result).toMatchObject({ reason: "invalid", message: expect.stringMatching(/\S/) });
    }
    expect(await auditFor(db, "order", sessionId)).toHaveLength(2);
    const notes = await db.prepare("SELECT COUNT(*) AS n FROM order_notes WHERE order_id = ?").bind(sessionId).first();
    expect(notes).toEqual({ n: 2 });
  });

  it("writes nothing for an order that does not exist", async () => {
    const before = await auditCount();
    expect(await addOrderNote(db, "cs_test_nope", "A note", OWNER)).toEqual({ ok: false, reason: "not_found" });
    expect(await auditCount()).toBe(before);
    expect(await auditFor(db, "order", "cs_test_nope")).toEqual([]);
  });

  it("keeps no note when the audit row cannot be written, and no audit row when the note cannot", async () => {
    const sessionId = await order();
    expect(await withFailing("admin_audit", "INSERT", () => addOrderNote(db, sessionId, "A", OWNER))).toBeInstanceOf(
      Error,
    );
    expect(await withFailing("order_notes", "INSERT", () => addOrderNote(db, sessionId, "B", OWNER))).toBeInstanceOf(
      Error,
    );
    const notes = await db.prepare("SELECT COUNT(*) AS n FROM order_notes WHERE order_id = ?").bind(sessionId).first();
    expect(notes).toEqual({ n: 0 });
    expect(await auditFor(db, "order", sessionId)).toEqual([]);
  });
});

describe("resending a failed e-mail", () => {
  it("requeues a failed e-mail once, audited with the error it had failed with", async () => {
    const id = await mail("failed", "Mailbox unavailable");
    expect(await recordResend(db, id, OWNER)).toBe(true);
    const row = await db
      .prepare("SELECT status, attempts, enqueued_at FROM outbox WHERE id = ?")
      .bind(id)
      .first<{ status: string; attempts: number; enqueued_at: string | null }>();
    expect(row).toEqual({ status: "queued", attempts: 0, enqueued_at: null });
    expect(await auditFor(db, "outbox", id)).toEqual([
      expect.objectContaining({ action: "outbox.resend", actor: OWNER, detail: "Mailbox unavailable" }),
    ]);
    // A double click: no longer failed, nothing written.
    expect(await recordResend(db, id, OWNER)).toBe(false);
    expect(await auditFor(db, "outbox", id)).toHaveLength(1);
    // Not handed to a queue here: marked sent so the file does not wait for it at the end.
    await db.prepare("UPDATE outbox SET status = 'sent' WHERE id = ?").bind(id).run();
  });

  it("does nothing to an e-mail that is not failed, or does not exist", async () => {
    const sent = await mail("sent");
    const before = await auditCount();
    expect(await recordResend(db, sent, OWNER)).toBe(false);
    expect(await recordResend(db, 987_654_321, OWNER)).toBe(false);
    expect(await recordResend(db, 0, OWNER)).toBe(false);
    expect(await auditCount()).toBe(before);
    const row = await db.prepare("SELECT status FROM outbox WHERE id = ?").bind(sent).first();
    expect(row).toEqual({ status: "sent" });
  });

  it("leaves the e-mail failed when the audit row cannot be written", async () => {
    const id = await mail("failed", "Timeout");
    expect(await withFailing("admin_audit", "INSERT", () => recordResend(db, id, OWNER))).toBeInstanceOf(Error);
    const row = await db.prepare("SELECT status, attempts FROM outbox WHERE id = ?").bind(id).first();
    expect(row).toEqual({ status: "failed", attempts: 3 });
    expect(await auditFor(db, "outbox", id)).toEqual([]);
  });
});

describe("an item's audit trail", () => {
  it("lists only that item's rows, newest first", async () => {
    const [a, b] = [await message(), await message()];
    await markMessageAnswered(db, a, true, OWNER);
    await markMessageAnswered(db, b, true, OWNER);
    await markMessageAnswered(db, a, false, OWNER);
    expect((await auditFor(db, "message", a)).map((r) => r.action)).toEqual(["message.unanswered", "message.answered"]);
    expect((await auditFor(db, "message", b)).map((r) => r.action)).toEqual(["message.answered"]);
    // The same id under another kind is another item.
    expect(await auditFor(db, "outbox", a)).toEqual([]);
  });
});
