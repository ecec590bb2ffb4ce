/**
 * Requests received by another channel (a letter, a call, WhatsApp, a visit), logged in the People
 * section with their Data Protection Act clocks (issue 36): the form, the list, the owner's digest
 * lines and the overdue alert. Keyed by the values of src/db/data-request-tables.ts (the view checks
 * that every kind, channel and answer has its words); copy names no worker type, so the browser's
 * build can read it too.
 */

/** What the request asks, as the form and the list name it. */
const kinds = {
  access: "Access: a copy of their data",
  rectification: "Rectification: correct their data",
  erasure: "Erasure: delete their data",
  objection: "Objection to our processing of their data",
  portability: "Portability: their data in a file",
} as const;

/** The kind at the start of a line: "Erasure request (received …)". */
const kindTitles = {
  access: "Access",
  rectification: "Rectification",
  erasure: "Erasure",
  objection: "Objection",
  portability: "Portability",
} as const;

const channels = {
  letter: "Letter",
  phone: "Phone call",
  email: "E-mail",
  whatsapp: "WhatsApp",
  in_person: "In person",
  other: "Another way (say which in the note)",
} as const;

/** How it arrived, inside a sentence: "received by letter on …". */
const channelPhrases = {
  letter: "by letter",
  phone: "by phone",
  email: "by e-mail",
  whatsapp: "on WhatsApp",
  in_person: "in person",
  other: "another way",
} as const;

const answers = {
  export: "export",
  erasure: "erasure",
  noted: "note",
} as const;

type DataRequestKind = keyof typeof kinds;
type DataRequestChannel = keyof typeof channels;
type DataRequestAnswer = keyof typeof answers;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** The clock of an open request on a given day, or how an answered one was answered. */
const clock = {
  dueIn: (days: number) => `due in ${plural(days, "day")}`,
  dueToday: "due today",
  overdue: (days: number) => `overdue by ${plural(days, "day")}`,
  answered: (day: string, how: DataRequestAnswer) => `answered on ${day} by ${answers[how]}`,
};

export const dataRequestCopy = {
  kinds,
  kindTitles,
  channels,
  channelPhrases,
  clock,
  form: {
    heading: "Log a request received elsewhere",
    explain:
      "A request that reached us by letter, phone, e-mail, WhatsApp or in person, and that you cannot answer at once. Its deadline starts the day it arrived: 7 days, or 30 for portability (Data Protection Act 2019 and its General Regulations 2021). The list below counts it down; the daily summary names it 2 days before, and you get an e-mail each day it is overdue.",
    kind: "What they ask for",
    channel: "How it reached us",
    received: "Date received",
    receivedHint: (oldest: string) => `The day it arrived, in Nairobi: today or earlier, not before ${oldest}.`,
    email: "Their e-mail address",
    emailHint:
      "How the People section finds them. Only a masked form (j•••@example.com) and a one-way hash of it are kept with the request.",
    note: "Note (optional)",
    noteHint: (max: number) =>
      `What they asked, in a few words (at most ${max} characters). Write no address, phone number or other details of theirs here.`,
    choose: "Choose…",
    submit: "Log the request",
    problemsHeading: "The request was not logged:",
  },
  problems: {
    kind: "Choose what they ask for.",
    channel: "Choose how the request reached us.",
    received: "Write the date received as a date, like 2026-11-25.",
    future: "The date received cannot be after today (Nairobi).",
    tooOld: (oldest: string) =>
      `The date received is more than 90 days ago: write a date from ${oldest} on (a request older than that is recorded in the note of a newer one, or with the Data Commissioner's office directly).`,
    email: "Write the person's e-mail address, like name@example.com.",
    noteLong: (max: number) => `The note is longer than ${max} characters.`,
    answerNote: "Write what was done: how the request was answered (required).",
    noteText:
      "The note holds characters that are not text (control characters): write it again without them, or paste it as plain text.",
  },
  list: {
    heading: "Requests logged",
    explain:
      "Requests received elsewhere, each with its deadline. An export answers the person's open access and portability requests, and an erasure their open erasure requests; any other, or one answered another way, is marked answered here with what was done. The list is kept for the Data Commissioner: nothing in it is ever deleted.",
    open: "Open, the most urgent first",
    answered: (shown: number) => `Answered, newest first (the last ${shown})`,
    noneOpen: "No open requests.",
    noneAnswered: "None answered yet.",
    columns: { request: "Request", received: "Received", due: "Due", person: "Person", state: "State" },
    number: (id: number) => `No. ${id}`,
    receivedVia: (day: string, channel: DataRequestChannel) => `${day}, ${channelPhrases[channel]}`,
    note: "Note",
    answerNote: "What was done",
    loggedBy: (who: string, at: string) => `Logged by ${who}, ${at}`,
    answeredBy: (who: string) => `by ${who}`,
  },
  lookup: {
    field: (id: number) => `Their e-mail address (request no. ${id})`,
    hint: "Only its masked form is kept: type the address they gave to see what we hold and to answer.",
    submit: "Find this person",
    matches: (id: number) => `This is the person request no. ${id} was logged for.`,
    differs: (id: number) =>
      `This address is not the one request no. ${id} was logged for: check the address before you export or erase anything. That one was:`,
  },
  close: {
    summary: "Mark answered",
    note: "What was done",
    hint: "Required: how you answered (data corrected, processing stopped, a reply sent…).",
    submit: "Mark answered",
  },
  person: {
    heading: "Requests logged for this person",
    none: "No request has been logged for this person.",
  },
  refused: {
    title: "The request was not changed",
    notFound: "There is no such logged request. It may have been mistyped; open People and choose it from the list.",
    already: (day: string, how: DataRequestAnswer) =>
      `This request was already answered on ${day} by ${answers[how]}; nothing was changed.`,
    back: "Back to People",
  },
  done: {
    logged: "Logged. The request and its deadline are in the list below.",
    answered: "Marked answered. The request stays in the list below.",
  },
  /** The audit log's outcome lines (People's "Data requests" list). */
  audit: {
    /** Around the request's number, which SQL fills in: only the insert knows it. */
    logged: (kind: DataRequestKind, channel: DataRequestChannel, received: string, due: string) =>
      [
        `${kindTitles[kind]} request no. `,
        ` logged: received ${channelPhrases[channel]} on ${received}, due ${due}`,
      ] as const,
    closed: ["Request no. ", " marked answered"] as const,
    /** Before the request's number (the export and the erasure answer many in one statement). */
    answeredByExport: "Answered by the export: request no. ",
    answeredByErasure: "Answered by the erasure: request no. ",
  },
  digest: {
    line: (
      kind: DataRequestKind,
      channel: DataRequestChannel,
      received: string,
      person: string,
      due: { day: string; overdueDays: number },
    ) => {
      const when =
        due.overdueDays > 0
          ? `overdue since ${due.day} (${plural(due.overdueDays, "day")})`
          : due.overdueDays === 0
            ? `due today, ${due.day}`
            : `due ${due.day}`;
      return `${kindTitles[kind]} request (received ${channelPhrases[channel]} on ${received}) for ${person}: ${when}`;
    },
    more: "More requests are due within 2 days: see the People section.",
  },
  alert: {
    headline: "Data requests overdue",
    subject: "a data request is past its legal deadline",
    summary:
      "These requests are past the deadline the Data Protection Act sets (7 days, 30 for portability). Answer them in the People section, export or erase, or mark them answered with what was done. This is the only such e-mail today.",
    label: "Overdue",
    more: "More",
    moreText: "More overdue requests are listed in the People section.",
  },
} as const;
