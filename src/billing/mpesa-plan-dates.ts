/**
 * The calendar of an M-Pesa plan (docs/mpesa-plans.md, "Dates"), in Nairobi days (YYYY-MM-DD):
 * when each month is due, when the cron asks for it, and when an unpaid month is past due. Pure
 * functions of the day they are given, so the tests run them on any date.
 */
import { nairobiDay } from "../lib/dates.ts";

/** Days after the due date the cron prompts on: the due date itself, day 2 and day 5. */
const TRY_OFFSETS = [0, 1, 4] as const;

/** A month still unpaid this many days after its due date (day 6) is past due. */
const PAST_DUE_AFTER_DAYS = 5;

/** The Nairobi hours the cron prompts in (from 09:00, before 18:00): a phone buzzes in the working day. */
const PROMPT_HOURS = { from: 9, until: 18 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

const dayOf = (date: Date): string => date.toISOString().slice(0, 10);
const parsed = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** The Nairobi day of an instant: what "today" is for the plans. */
export const planDay = (at: Date | string): string => nairobiDay(at);

/** Whole days from one day to another (negative when `to` is earlier). */
function daysBetween(from: string, to: string): number {
  return Math.round((parsed(to).getTime() - parsed(from).getTime()) / DAY_MS);
}

/** A day moved by whole days. */
export function addDays(day: string, days: number): string {
  return dayOf(new Date(parsed(day).getTime() + days * DAY_MS));
}

/**
 * The due date one month after `periodStart`: the anchor day of the next month, or its last day when
 * it has fewer days. The anchor keeps the day: 31 January, 28 February, 31 March, 30 April.
 */
export function nextDueOn(periodStart: string, anchorDay: number): string {
  const start = parsed(periodStart);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return dayOf(new Date(Date.UTC(year, month, Math.min(anchorDay, lastDay))));
}

/** The anchor of a plan started on this day: its day of the month. */
export const anchorDayOf = (day: string): number => parsed(day).getUTCDate();

/**
 * The day (after the due date) of a month's next step once `tries` are made: its next try, or past
 * due after the last. The cron's query picks the months whose step has come.
 */
export const NEXT_STEP_OFFSETS: readonly number[] = [...TRY_OFFSETS, PAST_DUE_AFTER_DAYS];

/** Whether the cron owes a month its next try today, after `tries` already made (one a day at most). */
export function tryIsDue(periodStart: string, today: string, tries: number): boolean {
  const offset = TRY_OFFSETS[tries];
  return offset !== undefined && daysBetween(periodStart, today) >= offset && !isPastDue(periodStart, today);
}

/** Whether a month due on `periodStart` and still unpaid on `today` is past due. */
export const isPastDue = (periodStart: string, today: string): boolean =>
  daysBetween(periodStart, today) >= PAST_DUE_AFTER_DAYS;

/** Whether the cron may prompt now (Nairobi's working day). */
export function inPromptHours(now: Date): boolean {
  const hour = new Date(now.getTime() + NAIROBI_OFFSET_MS).getUTCHours();
  return hour >= PROMPT_HOURS.from && hour < PROMPT_HOURS.until;
}

/** The instant a Nairobi day starts, as timestamp columns hold it (a subscription's period end). */
export const startOfDayIso = (day: string): string => new Date(parsed(day).getTime() - NAIROBI_OFFSET_MS).toISOString();
