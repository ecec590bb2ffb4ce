/**
 * Data subject requests received by another channel, logged in the People section with their
 * deadlines (issue 36, docs/privacy-operations.md "Requests logged with their clocks"): logging one,
 * its clock on a given day, answering it by hand, and which requests an export or an erasure answers.
 */

import type { Statement } from "../db/client.ts";
import type { DataRequestKind, DataRequestRow } from "../db/data-request-tables.ts";
import { nairobiDay } from "../lib/dates.ts";
import { dueOn, longDay } from "./data-request-clock.ts";
import { dataRequestCopy } from "./data-request-copy.ts";
import type { LoggedRequest } from "./data-request-form.ts";
import {
  answeredRequests,
  answeringStatements,
  answerRequest,
  insertLoggedRequest,
  openRequests,
  requestById,
  requestsAbout,
} from "./data-request-log-queries.ts";
import { maskedMailbox, type Person, personSubject } from "./person.ts";
import { personKey } from "./person-key.ts";

/** What the People section's export and erasure answer (an objection is answered by hand: see the docs). */
export const ANSWERED_BY: Record<"export" | "erasure", readonly DataRequestKind[]> = {
  export: ["access", "portability"],
  erasure: ["erasure"],
};

/** Answered requests the page lists; every one stays in the table. */
const ANSWERED_SHOWN = 50;
/** Open requests the page lists: far more than a small business ever has open at once. */
const OPEN_SHOWN = 200;
/** A person's requests shown with what we hold about them. */
const PERSON_SHOWN = 50;

/** Logs a request (the form already checked) with its audit row; its number and due day. */
export async function logDataRequest(
  db: D1Database,
  request: LoggedRequest,
  actor: string,
  now = new Date(),
): Promise<{ id: number; due_on: string }> {
  const key = personKey(request.address);
  const due = dueOn(request.kind, request.receivedOn);
  const outcome = dataRequestCopy.audit.logged(request.kind, request.channel, request.receivedOn, due);
  const id = await insertLoggedRequest(
    db,
    {
      kind: request.kind,
      channel: request.channel,
      received_on: request.receivedOn,
      due_on: due,
      subject: await personSubject(key),
      person: maskedMailbox(key),
      note: request.note,
      logged_by: actor,
      logged_at: now.toISOString(),
    },
    outcome,
  );
  return { id, due_on: due };
}

export type CloseResult = { ok: true } | { ok: false; reason: "not_found" | "answered"; message: string };

/**
 * Marks a request answered with what the owner did. Of two at once, one answers it; the other finds
 * it answered (the guarded update), as does any close of a request already answered.
 */
export async function closeDataRequest(
  db: D1Database,
  id: number,
  note: string,
  actor: string,
  now = new Date(),
): Promise<CloseResult> {
  const answer = { at: now.toISOString(), actor, how: "noted" as const, note };
  if (await answerRequest(db, id, answer, dataRequestCopy.audit.closed)) return { ok: true };
  const row = await requestById(db, id);
  const copy = dataRequestCopy.refused;
  if (!row?.answered_at || !row.answered_how) return { ok: false, reason: "not_found", message: copy.notFound };
  const day = longDay(nairobiDay(row.answered_at));
  return { ok: false, reason: "answered", message: copy.already(day, row.answered_how) };
}

/**
 * For an export's or an erasure's batch: the statements answering the person's open requests it
 * answers (by `how`), about them and each spelling ticked as theirs (`subjects`).
 */
export function answeredByStatements(
  how: "export" | "erasure",
  subjects: readonly string[],
  at: string,
  actor: string,
): Statement[] {
  const copy = dataRequestCopy.audit;
  const outcome = [how === "export" ? copy.answeredByExport : copy.answeredByErasure, ""] as const;
  return answeringStatements(subjects, ANSWERED_BY[how], { at, actor, how, note: null }, outcome);
}

/** What the People page lists: the open requests, the most urgent first, then the latest answered. */
type DataRequestLog = {
  today: string;
  open: DataRequestRow[];
  answered: DataRequestRow[];
  answeredShown: number;
};

export async function dataRequestLog(db: D1Database, now = new Date()): Promise<DataRequestLog> {
  const [open, answered] = await Promise.all([openRequests(db, OPEN_SHOWN), answeredRequests(db, ANSWERED_SHOWN)]);
  return { today: nairobiDay(now), open, answered, answeredShown: ANSWERED_SHOWN };
}

/** How the person and each spelling ticked as theirs are named (hashes): their logged requests carry these. */
export async function subjectsOf(person: Pick<Person, "subject" | "included">): Promise<string[]> {
  return [person.subject, ...(await Promise.all(person.included.map(personSubject)))];
}

/** The requests logged about a person (and the spellings ticked as theirs), the latest first. */
export function requestsOfPerson(db: D1Database, subjects: readonly string[]): Promise<DataRequestRow[]> {
  return requestsAbout(db, subjects, PERSON_SHOWN);
}

/** A logged request, for the lookup that names it (null for a number that is none). */
export function loggedRequest(db: D1Database, id: number): Promise<DataRequestRow | null> {
  return requestById(db, id);
}
