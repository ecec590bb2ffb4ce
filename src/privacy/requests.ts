/**
 * A person's data requests, as the owner makes them in the People section: each one is written to
 * the audit log (subject_kind 'person', named by the mailbox's hash, detail the masked mailbox and
 * what was done), so the list of requests is the record the Data Commissioner may ask for.
 */
import { erasureOutcome, peopleCopy } from "../content/people.ts";
import { dataRequests, insertDataRequest } from "../db/people.ts";
import { type ErasureCounts, erasePerson } from "../db/people-erase.ts";
import type { Logger } from "../http/log.ts";
import { deleteQuotePdfs } from "../quotes/store.ts";
import { foundCounts, personExport } from "./export.ts";
import { erasureBlocker, findPerson, maskedMailbox, type Person } from "./person.ts";

/** The newest data requests about anyone, for the People page's list (the audit log keeps all). */
export function recentDataRequests(db: D1Database, limit: number) {
  return dataRequests(db, null, limit);
}

const recordOf = (person: Person, outcome: string) =>
  JSON.stringify({ person: maskedMailbox(person.mailbox), outcome });

/** What the erasure of what was found deletes, clears and keeps (the record, written with it). */
function plannedCounts({ rows }: Person): ErasureCounts {
  const accepted = rows.quotes.filter((q) => q.accepted_at !== null).length;
  return {
    messages: rows.messages.length,
    quotesDeleted: rows.quotes.length - accepted,
    quotesKept: accepted,
    ordersKept: rows.orders.length,
    paymentsKept: rows.payments.length,
    emailsCleared: rows.emails.length,
    billingLinks: rows.billingLinks.length,
    prompts: rows.prompts.filter((p) => p.status !== "pending").length,
  };
}

/** The export document for the person at `address`, with its request recorded. */
export async function exportPerson(db: D1Database, address: string, actor: string, now = new Date()) {
  const person = await findPerson(db, address);
  const at = now.toISOString();
  const document = personExport(person, at);
  const outcome = `Exported: ${foundCounts(person)}${person.truncated ? " (more remain: repeat)" : ""}`;
  await insertDataRequest(db, {
    at,
    actor,
    action: "person.exported",
    subject: person.subject,
    detail: recordOf(person, outcome),
  });
  return document;
}

type ErasureResult = { ok: true } | { ok: false; reason: "blocked"; message: string };

/**
 * Erases what we are not obliged to keep about the person at `address` (db/people-erase.ts), or
 * refuses while a subscription or an M-Pesa payment of theirs is running; either way recorded.
 * The PDFs of the quotes deleted go from R2 after the batch: one left behind is logged, and no
 * page serves it any more (its quote row is gone).
 */
export async function erasePersonData(
  env: Pick<Env, "DB" | "QUOTES">,
  address: string,
  actor: string,
  log: Logger,
  now = new Date(),
): Promise<ErasureResult> {
  const person = await findPerson(env.DB, address);
  const at = now.toISOString();
  const blocker = erasureBlocker(person);
  if (blocker) {
    const message = peopleCopy.erasing.blocked[blocker.kind](blocker.id);
    await insertDataRequest(env.DB, {
      at,
      actor,
      action: "person.erase_refused",
      subject: person.subject,
      detail: recordOf(person, message),
    });
    return { ok: false, reason: "blocked", message };
  }
  if (person.addresses.length === 0) {
    const detail = recordOf(person, "Nothing held");
    await insertDataRequest(env.DB, { at, actor, action: "person.erased", subject: person.subject, detail });
    return { ok: true };
  }
  const { recorded, counts, deletedQuotes } = await erasePerson(env.DB, person.addresses, {
    at,
    actor,
    subject: person.subject,
    detail: recordOf(person, erasureOutcome(plannedCounts(person))),
  });
  log.info("Person erased", { counts, recorded });
  try {
    await deleteQuotePdfs(env.QUOTES, deletedQuotes);
  } catch (error) {
    log.error("Erased quotes' PDFs not deleted from R2", { quotes: deletedQuotes, error });
  }
  return { ok: true };
}
