/**
 * What every scale-seeder generator shares: the seeded randomness, the sink rows go to, the pool of
 * returning buyers, and the counters that number quotes, receipts, messages and e-mails.
 */
import type { MailKind } from "../../../src/mail/mail-kinds.ts";
import { type Person, peoplePool } from "./seed-people.ts";
import type { Random } from "./seed-random.ts";

export type Row = Record<string, string | number | null>;
export type Emit = (table: string, row: Row) => void;

export type SeedContext = {
  random: Random;
  emit: Emit;
  now: number;
  pool: { pickRepeat(): Person };
  /** Each table's rows so far, as seedScale reports them. */
  counts: Map<string, number>;
  quoteCounters: Map<number, number>;
  /** Paid payments' times and ids: receipts are numbered from these in time order at the end. */
  paidPayments: [number, string][];
  /** Payment references already used (their index is UNIQUE, case-insensitive). */
  references: Set<string>;
  nextMessageId: number;
};

export const OWNER = "owner@acacia-it.co.ke";
export const DAY = 86_400_000;

export function newContext(random: Random, emit: Emit, now: number, poolSize: number): SeedContext {
  const counts = new Map<string, number>();
  return {
    random,
    emit: (table, row) => {
      counts.set(table, (counts.get(table) ?? 0) + 1);
      emit(table, row);
    },
    now,
    pool: peoplePool(random, poolSize),
    counts,
    quoteCounters: new Map(),
    paidPayments: [],
    references: new Set(),
    nextMessageId: 1,
  };
}

export const iso = (ms: number): string => new Date(ms).toISOString();
/** The calendar year in Nairobi (UTC+3), as quote and receipt numbers count them. */
export const nairobiYear = (ms: number): number => new Date(ms + 3 * 3_600_000).getUTCFullYear();

/** A reference no other payment has: M-Pesa's 10-character receipt codes, or a bank's. */
export function uniqueReference(context: SeedContext, make: () => string): string {
  for (;;) {
    const reference = make();
    if (!context.references.has(reference.toLowerCase())) {
      context.references.add(reference.toLowerCase());
      return reference;
    }
  }
}

const MAIL_ERRORS = ["Mail provider answered 503", "Recipient mailbox full", "Mail provider timed out"];

/**
 * One outbox row, as enqueueMail writes it and the sender leaves it: sent mostly; a few failed after
 * three attempts or sent while mail was not configured; queued only if made in the last minutes.
 */
export function emitMail(
  context: SeedContext,
  mail: { kind: MailKind; key: string; to: string; subject: string; at: number; orderId?: string; messageId?: number },
  payload: Record<string, unknown>,
): void {
  const { random } = context;
  const fresh = context.now - mail.at < 10 * 60_000;
  const status = fresh ? "queued" : random.weighted({ sent: 96, failed: 2.5, not_configured: 1.5 });
  const done = mail.at + random.int(2_000, 90_000);
  context.emit("outbox", {
    kind: mail.kind,
    dedupe_key: `${mail.kind}:${mail.key}`,
    recipient: mail.to,
    subject: mail.subject,
    order_id: mail.orderId ?? null,
    message_id: mail.messageId ?? null,
    payload: JSON.stringify(payload),
    status,
    attempts: status === "queued" ? 0 : status === "failed" ? 3 : 1,
    last_error: status === "failed" ? random.pick(MAIL_ERRORS) : null,
    created_at: iso(mail.at),
    updated_at: iso(status === "queued" ? mail.at : done),
    enqueued_at: iso(mail.at),
    sent_at: status === "sent" ? iso(done) : null,
  });
}

/** One back-office action, as the admin routes record it. */
export function emitAudit(
  context: SeedContext,
  audit: { at: number; action: string; kind: string; id: string; detail?: string },
): void {
  context.emit("admin_audit", {
    at: iso(audit.at),
    actor: context.random.chance(0.7) ? OWNER : "admin",
    action: audit.action,
    subject_kind: audit.kind,
    subject_id: audit.id,
    detail: audit.detail ?? null,
  });
}
