/**
 * The logged data requests (migrations/0022) and their audit rows. A request is inserted with its
 * audit row, and answered with its audit row, each pair in one D1 batch (a transaction); the answer is
 * a guarded UPDATE (… AND state = 'open'), so of two answers at once only one changes the row, and
 * only that one writes an audit row. No statement here deletes a request.
 */
import { and, asc, desc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import { database, runBatch, type Statement } from "../db/client.ts";
import {
  type DataRequestAnswer,
  type DataRequestKind,
  type DataRequestRow,
  dataRequests,
} from "../db/data-request-tables.ts";

/** A request as logged: everything but what the table fills in or the answer writes. */
export type NewDataRequest = Pick<
  DataRequestRow,
  "kind" | "channel" | "received_on" | "due_on" | "subject" | "person" | "note" | "logged_by" | "logged_at"
>;

/** The audit line's outcome around the request's number, which only the insert knows. */
type AroundNumber = readonly [before: string, after: string];

/** An answer: when, by whom, how, and the owner's note (only a noted answer has one). */
export type DataRequestAnswering = { at: string; actor: string; how: DataRequestAnswer; note: string | null };

/**
 * Logs the request and its audit row (person.request_logged) together; returns the request's id.
 * The audit row reads the row just inserted (last_insert_rowid(): a batch runs on one connection,
 * statement after statement), so its outcome names the request's number.
 */
export async function insertLoggedRequest(db: D1Database, row: NewDataRequest, outcome: AroundNumber): Promise<number> {
  const [inserted] = await runBatch(db, [
    database(db).insert(dataRequests).values(row).returning({ id: dataRequests.id }),
    sql`INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail)
      SELECT ${row.logged_at}, ${row.logged_by}, 'person.request_logged', 'person', subject,
        json_object('person', person, 'outcome', ${outcome[0]} || id || ${outcome[1]}, 'request', id)
      FROM data_requests WHERE id = last_insert_rowid()`,
  ]);
  return Number(inserted?.[0]?.id);
}

/**
 * The two statements that answer every open request matching `where`: first the audit rows
 * (person.request_closed, one per request, read while they are still open), then the guarded update,
 * returning the ids it answered. For a batch of the caller's: the owner's close, or an export's or an
 * erasure's own batch, so no export is recorded without the requests it answered.
 */
function answerStatements(where: SQL, answer: DataRequestAnswering, outcome: AroundNumber): [Statement, Statement] {
  const open = sql`state = 'open' AND ${where}`;
  return [
    sql`INSERT INTO admin_audit (at, actor, action, subject_kind, subject_id, detail)
      SELECT ${answer.at}, ${answer.actor}, 'person.request_closed', 'person', subject,
        json_object('person', person, 'outcome', ${outcome[0]} || id || ${outcome[1]}, 'request', id)
      FROM data_requests WHERE ${open} ORDER BY id`,
    sql`UPDATE data_requests
      SET state = 'answered', answered_at = ${answer.at}, answered_how = ${answer.how},
        answered_by = ${answer.actor}, answer_note = ${answer.note}
      WHERE ${open} RETURNING id`,
  ];
}

const listOf = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * For an export's or an erasure's batch: answers the open requests of these kinds about any of these
 * people. Plan: SEARCH data_requests USING INDEX data_requests_by_subject (subject=? AND state=? AND
 * kind=?), for each subject and kind.
 */
export function answeringStatements(
  subjects: readonly string[],
  kinds: readonly DataRequestKind[],
  answer: DataRequestAnswering,
  outcome: AroundNumber,
): Statement[] {
  if (subjects.length === 0 || kinds.length === 0) return [];
  return answerStatements(sql`subject IN (${listOf(subjects)}) AND kind IN (${listOf(kinds)})`, answer, outcome);
}

/** Answers one open request with the owner's note; false when it was not open (answered already, or none). */
export async function answerRequest(
  db: D1Database,
  id: number,
  answer: DataRequestAnswering,
  outcome: AroundNumber,
): Promise<boolean> {
  const results = await runBatch(db, answerStatements(sql`id = ${id}`, answer, outcome));
  return (results[1] ?? []).length > 0;
}

export async function requestById(db: D1Database, id: number): Promise<DataRequestRow | null> {
  const row = await database(db).select().from(dataRequests).where(eq(dataRequests.id, id)).get();
  return row ?? null;
}

/**
 * Open requests due on or before `dueBy` (every open one without it), the earliest due first.
 * Plan: SEARCH data_requests USING INDEX data_requests_by_state_due (state=? AND due_on<?) (without
 * `dueBy`: (state=?)), in the index's order, no sort: it reads only the open rows it returns.
 */
export function openRequests(db: D1Database, limit: number, dueBy?: string): Promise<DataRequestRow[]> {
  const t = dataRequests;
  return database(db)
    .select()
    .from(t)
    .where(and(eq(t.state, "open"), dueBy === undefined ? undefined : lte(t.due_on, dueBy)))
    .orderBy(asc(t.due_on), asc(t.id))
    .limit(limit)
    .all();
}

/**
 * Answered requests, the newest answer first.
 * Plan: SEARCH data_requests USING INDEX data_requests_by_state_answered (state=?), in its order.
 */
export function answeredRequests(db: D1Database, limit: number): Promise<DataRequestRow[]> {
  const t = dataRequests;
  return database(db)
    .select()
    .from(t)
    .where(eq(t.state, "answered"))
    .orderBy(desc(t.answered_at), desc(t.id))
    .limit(limit)
    .all();
}

/**
 * Every request about these people (their subjects), the latest received first.
 * Plan: SEARCH data_requests USING INDEX data_requests_by_subject (subject=?), then USE TEMP B-TREE
 * FOR ORDER BY over those people's requests alone.
 */
export function requestsAbout(db: D1Database, subjects: readonly string[], limit: number): Promise<DataRequestRow[]> {
  const t = dataRequests;
  if (subjects.length === 0) return Promise.resolve([]);
  return database(db)
    .select()
    .from(t)
    .where(inArray(t.subject, [...subjects]))
    .orderBy(desc(t.received_on), desc(t.id))
    .limit(limit)
    .all();
}
