/**
 * A person's data requests, as the owner makes them in the People section: each one is written to
 * the audit log (subject_kind 'person', named by the hash of the person's key, detail the masked
 * address and what was done), so the list of requests is the record the Data Commissioner may ask for.
 */

import type { WorkContext } from "../http/work-context.ts";
import { deleteQuotePdfs } from "../quotes/quote-store.ts";
import { answeredByStatements, requestsOfPerson, subjectsOf } from "./data-request-log.ts";
import { dataRequests, insertDataRequest } from "./data-request-queries.ts";
import { erasureOutcome, peopleCopy, ticksOutcome } from "./people-copy.ts";
import {
  erasureBlocker,
  findPerson,
  holdsNothing,
  maskedMailbox,
  type Person,
  personSubject,
  type UnknownSpelling,
} from "./person.ts";
import { type ErasureCounts, erasePerson } from "./person-erasure-queries.ts";
import { foundCounts, personExport } from "./person-export.ts";

/** The newest data requests about anyone, for the People page's list (the audit log keeps all). */
export function recentDataRequests(db: D1Database, limit: number) {
  return dataRequests(db, null, limit);
}

/**
 * A request's record: the person masked, what was done and, for each spelling the owner ticked as
 * the same person, its masked form and hash (never the address, as for the person).
 */
async function recordOf(person: Person, outcome: string): Promise<string> {
  const also = await Promise.all(
    person.included.map(async (key) => ({ person: maskedMailbox(key), subject: await personSubject(key) })),
  );
  const said = `${outcome}${ticksOutcome(also.length)}`;
  return JSON.stringify({ person: maskedMailbox(person.key), outcome: said, ...(also.length > 0 ? { also } : {}) });
}

/**
 * A request not carried out: a relationship still running (recorded), or a tick of a spelling that
 * is not listed for the person (refused before anything is read or recorded).
 */
type Refusal = { ok: false; reason: "blocked" | "unknown-spelling"; message: string };

const unknownSpelling = (): Refusal => ({
  ok: false,
  reason: "unknown-spelling",
  message: peopleCopy.refused.unknownSpelling,
});

const isUnknown = (found: Person | UnknownSpelling): found is UnknownSpelling => "unknown" in found;

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

/**
 * The export document for the person at `address` with the spellings `ticked` as theirs, with its
 * request recorded and, in the same batch, their open access and portability requests answered.
 */
export async function exportPerson(
  db: D1Database,
  request: { address: string; ticked: readonly string[]; actor: string },
  now = new Date(),
): Promise<{ ok: true; document: ReturnType<typeof personExport> } | Refusal> {
  const person = await findPerson(db, request.address, request.ticked);
  if (isUnknown(person)) return unknownSpelling();
  const at = now.toISOString();
  const subjects = await subjectsOf(person);
  const document = personExport(person, at, await requestsOfPerson(db, subjects));
  const outcome = `Exported: ${foundCounts(person)}${person.truncated ? peopleCopy.records.cut : ""}`;
  const record = {
    at,
    actor: request.actor,
    action: "person.exported" as const,
    subject: person.subject,
    detail: await recordOf(person, outcome),
  };
  await insertDataRequest(db, record, answeredByStatements("export", subjects, at, request.actor));
  return { ok: true, document };
}

type ErasureResult = { ok: true } | Refusal;

/**
 * Erases what we are not obliged to keep about the person at `address` and the spellings `ticked`
 * as theirs (privacy/person-erasure-queries.ts: everything held under their keys, read or not), or refuses while
 * a subscription or an M-Pesa payment of theirs is running; either way recorded. An erasure carried
 * out answers their open erasure requests in its batch; a refused one answers none. The PDFs of the
 * quotes deleted go from R2 after the batch: one left behind is logged, and no page serves it any
 * more (its quote row is gone).
 */
export async function erasePersonData(
  context: WorkContext,
  request: { address: string; ticked: readonly string[]; actor: string },
  now = new Date(),
): Promise<ErasureResult> {
  const { env, log } = context;
  const { actor } = request;
  const person = await findPerson(env.DB, request.address, request.ticked);
  if (isUnknown(person)) return unknownSpelling();
  const at = now.toISOString();
  const blocker = erasureBlocker(person);
  if (blocker) {
    const message = peopleCopy.erasing.blocked[blocker.kind](blocker.id);
    await insertDataRequest(env.DB, {
      at,
      actor,
      action: "person.erase_refused",
      subject: person.subject,
      detail: await recordOf(person, message),
    });
    return { ok: false, reason: "blocked", message };
  }
  const answered = answeredByStatements("erasure", await subjectsOf(person), at, actor);
  // Only an answer that read everything held under the keys may say nothing is held.
  if (holdsNothing(person)) {
    const detail = await recordOf(person, "Nothing held");
    await insertDataRequest(env.DB, { at, actor, action: "person.erased", subject: person.subject, detail }, answered);
    return { ok: true };
  }
  const planned = `${erasureOutcome(plannedCounts(person))}${person.truncated ? peopleCopy.records.cut : ""}`;
  const keys = [person.key, ...person.included];
  const detail = await recordOf(person, planned);
  const erased = await erasePerson(env.DB, keys, { at, actor, subject: person.subject, detail }, answered);
  const { recorded, counts, deletedQuotes } = erased;
  log.info("Person erased", { counts, recorded });
  try {
    await deleteQuotePdfs(env.DOCUMENTS, deletedQuotes);
  } catch (error) {
    log.error("Erased quotes' PDFs not deleted from R2", { quotes: deletedQuotes, error });
  }
  return { ok: true };
}
