/**
 * A logged data request's clock: the day it is due, and where it stands on a given day. Days are
 * Nairobi's calendar days (YYYY-MM-DD), counted whole, weekends and public holidays included.
 */
import type { DataRequestAnswer, DataRequestKind, DataRequestRow } from "../db/data-request-tables.ts";
import { formatLongDate, nairobiDay } from "../lib/dates.ts";
import { dataRequestCopy } from "./data-request-copy.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Whether the text is a real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const at = midnight(text);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === text;
}

/** The day `days` calendar days after `day` (before it, for a negative number). */
export function addDays(day: string, days: number): string {
  return new Date(midnight(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysFrom(from: string, to: string): number {
  return Math.round((midnight(to) - midnight(from)) / DAY_MS);
}

/** A day written out as the owner reads it: "25 November 2026". */
export function longDay(day: string): string {
  return formatLongDate(`${day}T12:00:00.000Z`, "UTC");
}

/**
 * Days to answer, counted in calendar days from the day received: 7 for every right (the Data
 * Protection (General) Regulations 2021, regs. 8 to 12), 30 for portability (Data Protection Act
 * 2019, s. 38). docs/privacy-operations.md cites them.
 */
const DAYS_TO_ANSWER: Record<DataRequestKind, number> = {
  access: 7,
  rectification: 7,
  erasure: 7,
  objection: 7,
  portability: 30,
};

/** The day a request of this kind received on `receivedOn` must be answered by. */
export function dueOn(kind: DataRequestKind, receivedOn: string): string {
  return addDays(receivedOn, DAYS_TO_ANSWER[kind]);
}

/** Where a request stands on Nairobi's `today`. */
export type RequestClock =
  | { state: "due"; days: number }
  | { state: "today" }
  | { state: "overdue"; days: number }
  | { state: "answered"; on: string; how: DataRequestAnswer };

export function requestClock(row: DataRequestRow, today: string): RequestClock {
  if (row.state === "answered" && row.answered_at && row.answered_how) {
    return { state: "answered", on: nairobiDay(row.answered_at), how: row.answered_how };
  }
  const left = daysFrom(today, row.due_on);
  if (left > 0) return { state: "due", days: left };
  return left === 0 ? { state: "today" } : { state: "overdue", days: -left };
}

/** The clock in words: "due in 3 days", "overdue by 1 day", "answered on 2 December 2026 by export". */
export function clockText(clock: RequestClock): string {
  const copy = dataRequestCopy.clock;
  switch (clock.state) {
    case "due":
      return copy.dueIn(clock.days);
    case "today":
      return copy.dueToday;
    case "overdue":
      return copy.overdue(clock.days);
    case "answered":
      return copy.answered(longDay(clock.on), clock.how);
  }
}
