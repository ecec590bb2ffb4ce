/**
 * The words of the breach register (docs/breaches.md): its pages, its form's labels, hints and
 * refusals, the 72-hour clock, the owner's alerts and the digest's lines.
 */

/** A field of the register's forms, by the name it posts (the columns' names). */
export type BreachField =
  | "aware_at"
  | "what_happened"
  | "data_concerned"
  | "people_concerned"
  | "people_count"
  | "risk"
  | "risk_description"
  | "actions_taken"
  | "odpc_notified_at"
  | "odpc_reference"
  | "subjects_told"
  | "subjects_told_at"
  | "subjects_told_how"
  | "closed"
  | "version";

const labels: Record<BreachField, string> = {
  aware_at: "When we became aware of it",
  what_happened: "What happened",
  data_concerned: "The personal data concerned",
  people_concerned: "The people concerned",
  people_count: "About how many people",
  risk: "Real risk of harm to them",
  risk_description: "The risk, in a few words",
  actions_taken: "Actions taken",
  odpc_notified_at: "When the ODPC was notified",
  odpc_reference: "The ODPC's reference",
  subjects_told: "Were the people concerned told?",
  subjects_told_at: "When they were told",
  subjects_told_how: "How they were told, or why it was not needed",
  closed: "Closed",
  version: "Version",
};

const hints: Partial<Record<BreachField, string>> = {
  aware_at:
    "Nairobi time. The moment anyone of ours first knew, not when the facts were confirmed: the ODPC's 72 hours run from it.",
  what_happened:
    "Describe people by category (buyers, enquirers, staff), never by name, e-mail or phone: this register is kept for ever.",
  data_concerned: "The kinds of data: names and e-mail addresses, phone numbers, order histories, KRA PINs…",
  people_concerned: "By category, never by name: e.g. buyers who ordered in March 2026.",
  people_count: "A whole number, or leave empty (or write unknown) until it is known.",
  risk: "A real risk of harm means the ODPC must be notified within 72 hours (Data Protection Act s.43).",
  actions_taken: "What was done to contain it and to protect the people concerned.",
  odpc_notified_at: "Nairobi time. Leave empty until the ODPC is notified (the ODPC's breach portal).",
  odpc_reference: "The reference the ODPC gave, if any.",
  subjects_told_how:
    "E-mail, letter, phone… or why it was not needed (e.g. the data were encrypted, s.43(6)). By category, not by name.",
  closed:
    "Close the entry when nothing is left to do. An entry with a real risk closes once the ODPC is notified and the people are told (or it was not needed).",
};

const risks = { yes: "Yes: real risk of harm", no: "No real risk", assessing: "Being assessed" } as const;
const told = { yes: "Yes", no: "Not yet", not_needed: "Not needed" } as const;

/** "31 h 5 min", "45 min", "4 days 2 h": a span of the clock, floored to the minute. */
function span(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return "less than a minute";
  const [days, hours, mins] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60];
  if (days >= 3) return `${days} days${hours ? ` ${hours} h` : ""}`;
  const h = days * 24 + hours;
  if (h === 0) return `${mins} min`;
  return mins ? `${h} h ${mins} min` : `${h} h`;
}

export const breachCopy = {
  /** The back office's name for the register, in its navigation. */
  nav: "Breaches",
  title: "Breach register",
  lead: "Every personal-data breach we became aware of, newest first, kept for ever. A breach with a real risk of harm is notified to the ODPC within 72 hours of our becoming aware of it, and the people concerned are told. Times are East Africa Time (Nairobi).",
  span,
  labels,
  hints,
  risks,
  told,
  list: {
    caption: "Breaches, newest first",
    empty: "No breach has been recorded.",
    /** Counted up to 1,000 (admin/keyset-page.ts): a register that long is "more than 1,000". */
    count: (total: { n: number; more: boolean } | null) => {
      const n = total?.n ?? 0;
      if (total?.more) return `More than ${n.toLocaleString("en-US")} entries`;
      return n === 1 ? "1 entry" : `${n.toLocaleString("en-US")} entries`;
    },
    /** A position past the register's end (a stale link): the pager leads back. */
    past: "No entry further this way.",
    columns: { number: "Entry", aware: "Became aware", risk: "Risk", clock: "ODPC (72 hours)", what: "What happened" },
    closed: "Closed",
    exportJson: "Export JSON",
    exportCsv: "Export CSV",
    exportMore: " of the whole register",
  },
  record: {
    heading: "Record a breach",
    explain:
      "Record it as soon as you know, even before the facts are confirmed: the clock starts when we became aware. You can complete the entry afterwards.",
    submit: "Record the breach",
    recorded: (number: string) => `${number} is in the register.`,
  },
  entry: {
    title: (number: string) => `Breach ${number}`,
    back: "Back to the register",
    recordedBy: (when: string) => `Recorded ${when} by`,
    updatedBy: (when: string) => `last changed ${when} by`,
    factsHeading: "The entry",
    unknownCount: "Not known yet",
    none: "Not yet",
    notRecorded: "Not recorded",
    saved: "Your changes are saved.",
    notSaved: "Your changes were not saved: see the problems in the form below.",
    unchanged: "Nothing was changed.",
    historyHeading: "Changes to this entry",
    historyCaption: "The audit trail of this entry, newest first",
    historyColumns: { at: "When", action: "What", who: "Who", detail: "Details" },
    actions: { "breach.recorded": "Recorded", "breach.updated": "Updated" } as Record<string, string>,
    updateHeading: "Update the entry",
    updateExplain:
      "Record the ODPC notification, the people told, the actions taken or a change of risk. Every change is kept in the entry's audit trail.",
    notifyLegend: "The ODPC",
    toldLegend: "The people concerned",
    submit: "Save the changes",
    closedOn: (when: string) => `Closed ${when}`,
  },
  clock: {
    due: (deadline: string, left: string) => `ODPC report due by ${deadline} — ${left} left`,
    promised: (by: string) => `Our privacy policy promises notice within 48 hours: by ${by}.`,
    overdue: (deadline: string, late: string) => `ODPC report overdue by ${late} (was due by ${deadline})`,
    assessing: "Assess the risk now: the 72 hours run while it is assessed.",
    notified: (when: string) => `ODPC notified ${when}`,
    notifiedLate: (late: string) =>
      `(${late} after the 72 hours: the notification must give the reasons for the delay)`,
    notRequired: "Not required (no real risk)",
  },
  problems: {
    heading: "The entry was not saved. Please correct:",
    missing: (label: string) => `${label}: this is needed.`,
    tooLong: (label: string, max: number, typed: number) =>
      `${label}: at most ${max.toLocaleString("en-US")} characters (this has ${typed.toLocaleString("en-US")}).`,
    control: (label: string) => `${label}: contains control characters; type it again as plain text.`,
    oneLine: (label: string) => `${label}: one line only.`,
    invalidText: (label: string) => `${label}: contains characters that are not valid text.`,
    time: (label: string) => `${label}: give a date and a time (Nairobi), e.g. 2026-03-12 14:05.`,
    future: (label: string) => `${label}: this is in the future.`,
    tooEarly: (label: string) => `${label}: before the Data Protection Act came into force (25 November 2019).`,
    beforeAware: (label: string) => `${label}: before we became aware of the breach.`,
    count: (label: string) => `${label}: a whole number from 0, or leave it empty if it is not known.`,
    choice: (label: string) => `${label}: choose one of the options.`,
    referenceWithoutTime: "The ODPC's reference: give the time the ODPC was notified too.",
    toldWithoutTime: "When they were told: give the time, since they were told.",
    timeWithoutTold: "When they were told: a time is given, but they are not marked as told.",
    toldWithoutHow: "How they were told, or why it was not needed: say how, or why it was not needed.",
    closeAssessing: "Closed: the risk is still being assessed. Decide whether there is a real risk first.",
    closeNotNotified: "Closed: with a real risk, the ODPC notification must be recorded first.",
    closeNotTold: "Closed: with a real risk, the people concerned must be told first (or say why it was not needed).",
    version: "This form is out of date. Reload the entry and make your changes again.",
  },
  refused: {
    notFoundTitle: "No such entry",
    notFound: "There is no breach with this number in the register.",
    conflictTitle: "Changed by someone else",
    conflict:
      "Someone else saved a change to this entry after you opened it, so your changes were not saved. Reload the entry, check what changed, and make your changes again.",
    reload: "Reload the entry",
  },
  alert: {
    headline: "Personal-data breach: ODPC deadline",
    subject: {
      recorded: (number: string, deadline: string) => `${number}, ODPC report due by ${deadline}`,
      "final-day": (number: string, left: string) => `${number}, ${left} left to notify the ODPC`,
      overdue: (number: string, late: string) => `${number}, ODPC report overdue by ${late}`,
    },
    summary: {
      recorded:
        "A breach with a real risk of harm, or one whose risk is still being assessed, is in the register without an ODPC notification. The Data Protection Act gives 72 hours from our becoming aware of it to notify the ODPC (s.43). Record the notification on the entry once it is made.",
      "final-day":
        "24 hours or less are left to notify the ODPC of this breach. Record the notification on the entry once it is made.",
      overdue:
        "The 72 hours to notify the ODPC of this breach have passed. Notify it now, with the reasons for the delay (s.43(2)), and record the notification on the entry. This alert comes once a day until it is recorded.",
    },
    labels: {
      number: "Breach",
      aware: "Became aware",
      deadline: "ODPC report due by",
      left: "Time left",
      late: "Overdue by",
      risk: "Real risk of harm",
      told: "People concerned told",
    },
  },
  digest: {
    due: (number: string, deadline: string, left: string) => `${number}: ODPC report due by ${deadline} (${left} left)`,
    overdue: (number: string, deadline: string, late: string) =>
      `${number}: ODPC report overdue by ${late} (was due by ${deadline})`,
    untold: (number: string) => `${number}: the people concerned are not yet told (real risk of harm)`,
  },
  /** The audit trail's details: what an update changed, the clock's fields before and after. */
  audit: {
    recorded: (risk: string, aware: string, deadline: string) =>
      `${labels.risk}: ${risk}; became aware ${aware}; ODPC report due by ${deadline}`,
    fromTo: (field: string, before: string, after: string) => `${field}: ${before} → ${after}`,
    changed: (field: string) => `${field}: changed`,
    empty: "none",
    unknown: "not known",
    closed: "closed",
    open: "open",
  },
  /** A time as the register's pages and e-mails write it (a formatted Nairobi time). */
  at: (formatted: string) => `${formatted} EAT`,
};
