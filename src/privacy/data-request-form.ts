/**
 * The owner's forms for requests received elsewhere, read and checked: the "Log a request" form
 * (every problem named at once, nothing saved while there is one) and the note that marks one answered.
 */
import {
  type DataRequestChannel,
  type DataRequestKind,
  dataRequestChannels,
  dataRequestKinds,
} from "../db/data-request-tables.ts";
import { isWellFormedText } from "../lib/well-formed-text.ts";
import { z } from "../lib/zod.ts";
import { addDays, isCalendarDay, longDay } from "./data-request-clock.ts";
import { dataRequestCopy } from "./data-request-copy.ts";
import { PERSON_ADDRESS_MAX, parsePersonAddress } from "./person-address.ts";

/** The longest note, the owner's or an answer's (migrations/0022's CHECKs). */
export const REQUEST_NOTE_MAX = 1000;
/**
 * How far back a date received may be: three times the longest clock (30 days), so a request found
 * late in a pile of letters is still logged, overdue, while a mistyped year is refused.
 */
const RECEIVED_MAX_AGE_DAYS = 90;

/** A request as the form gives it, checked. */
export type LoggedRequest = {
  kind: DataRequestKind;
  channel: DataRequestChannel;
  /** Nairobi day, YYYY-MM-DD. */
  receivedOn: string;
  address: string;
  note: string | null;
};

/** What the owner typed, shown back with the problems (clipped to the fields' own limits). */
export type LogFormValues = Partial<Record<"kind" | "channel" | "received_on" | "email" | "note", string>>;

/** C0 and C1 control characters and DEL; a tab and line breaks are text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const problems = dataRequestCopy.problems;

/** The earliest day a request may say it was received, on Nairobi's `today`. */
export function oldestReceived(today: string): string {
  return addDays(today, -RECEIVED_MAX_AGE_DAYS);
}

/** A note as stored: LF line ends, trimmed, null when empty; or why it cannot be. */
function readNote(text: string): { note: string | null } | { problem: string } {
  const note = text.replaceAll("\r\n", "\n").trim();
  if (CONTROL.test(note) || !isWellFormedText(note)) return { problem: problems.noteText };
  if (note.length > REQUEST_NOTE_MAX) return { problem: problems.noteLong(REQUEST_NOTE_MAX) };
  return { note: note === "" ? null : note };
}

/** The log form's schema on Nairobi's `today`: each field says its own problem. */
function logSchema(today: string) {
  const oldest = oldestReceived(today);
  return z.object({
    kind: z.enum(dataRequestKinds, { error: problems.kind }),
    channel: z.enum(dataRequestChannels, { error: problems.channel }),
    received_on: z
      .string({ error: problems.received })
      .refine(isCalendarDay, { error: problems.received, abort: true })
      .refine((day) => day <= today, { error: problems.future, abort: true })
      .refine((day) => day >= oldest, { error: problems.tooOld(longDay(oldest)) }),
    email: z.string({ error: problems.email }).transform((typed, ctx) => {
      const address = CONTROL.test(typed) || !isWellFormedText(typed) ? null : parsePersonAddress(typed);
      if (address === null) ctx.addIssue({ code: "custom", message: problems.email });
      return address ?? "";
    }),
    note: z
      .string()
      .optional()
      .transform((typed, ctx) => {
        const read = readNote(typed ?? "");
        if ("problem" in read) ctx.addIssue({ code: "custom", message: read.problem });
        return "note" in read ? read.note : null;
      }),
  });
}

/** The log form read on Nairobi's `today`: the request, or every problem with it (in the form's order). */
export function parseLoggedRequest(
  fields: Record<string, string>,
  today: string,
): { ok: true; request: LoggedRequest } | { ok: false; problems: string[] } {
  const parsed = logSchema(today).safeParse(fields);
  if (!parsed.success) return { ok: false, problems: [...new Set(parsed.error.issues.map((i) => i.message))] };
  const { kind, channel, received_on, email, note } = parsed.data;
  return { ok: true, request: { kind, channel, receivedOn: received_on, address: email, note } };
}

/**
 * What the owner typed in the log form, for the form shown again: clipped, without control
 * characters (no valid page carries them), and escaped by React where shown.
 */
export function typedValues(fields: Record<string, string>): LogFormValues {
  const clip = (text: string | undefined, max: number) =>
    text === undefined
      ? undefined
      : Array.from(text)
          .filter((ch) => !CONTROL.test(ch) && isWellFormedText(ch))
          .slice(0, max)
          .join("");
  const values: LogFormValues = {};
  for (const [name, max] of [
    ["kind", 20],
    ["channel", 20],
    ["received_on", 10],
    ["email", PERSON_ADDRESS_MAX],
    ["note", REQUEST_NOTE_MAX],
  ] as const) {
    const value = clip(fields[name], max);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

/** The note that marks a request answered: required, as the log's note otherwise. */
export function parseAnswerNote(
  typed: string | undefined,
): { ok: true; note: string } | { ok: false; problem: string } {
  const read = readNote(typed ?? "");
  if ("problem" in read) return { ok: false, problem: read.problem };
  return read.note === null ? { ok: false, problem: problems.answerNote } : { ok: true, note: read.note };
}
