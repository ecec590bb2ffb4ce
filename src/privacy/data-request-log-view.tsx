/**
 * The People section's list of requests received elsewhere (the record kept for the Data
 * Commissioner): the open ones, the most urgent first, each with its clock, a lookup of the person
 * and a "Mark answered" form; then the latest answered. Also a person's own requests, when looked up.
 */
import {
  CellLabel,
  CollapsingTable,
  cell,
  field,
  formatTime,
  row as rowClass,
  secondaryButton,
} from "../admin/admin-ui.tsx";
import { VisitorText } from "../admin/visitor-text.tsx";
import type { DataRequestRow } from "../db/data-request-tables.ts";
import { ADMIN_DATA_REQUEST_CLOSE_PATH, ADMIN_PEOPLE_PATH } from "../paths.ts";
import { clockText, longDay, requestClock } from "./data-request-clock.ts";
import { dataRequestCopy } from "./data-request-copy.ts";
import { PERSON_ADDRESS_MAX } from "./person-address.ts";

/** What the list shows: Nairobi's today (the clocks count from it), the rows, and the note's bound. */
export type RequestListing = {
  today: string;
  open: readonly DataRequestRow[];
  answered: readonly DataRequestRow[];
  answeredShown: number;
  noteMax: number;
};

/** Where a table's rows are: the section's list ("", the rows links point to), or a person's ("person-"). */
type Place = { ids: "" | "person-"; lookup: boolean };
const listed: Place = { ids: "", lookup: true };
const personal: Place = { ids: "person-", lookup: false };
const closePath = (id: number) => ADMIN_DATA_REQUEST_CLOSE_PATH.replace(":id", String(id));
const hint = "mt-1 text-xs text-slate-600";
const clockTone = {
  due: "text-slate-800",
  today: "text-accent-700",
  overdue: "text-red-800",
  answered: "text-brand-900",
};

/** A lookup of the person: the owner types the address (the request keeps only its masked form). */
function LookupForm({ row }: { row: DataRequestRow }) {
  const copy = dataRequestCopy.lookup;
  return (
    <form method="get" action={ADMIN_PEOPLE_PATH} className="mt-2" noValidate>
      <input type="hidden" name="request" value={row.id} />
      <label htmlFor={`lookup-${row.id}`} className="sr-only">
        {copy.field(row.id)}
      </label>
      <input
        id={`lookup-${row.id}`}
        name="email"
        type="email"
        autoComplete="off"
        required
        maxLength={PERSON_ADDRESS_MAX}
        aria-describedby={`lookup-hint-${row.id}`}
        className={field}
      />
      <p id={`lookup-hint-${row.id}`} className={hint}>
        {copy.hint}
      </p>
      <button type="submit" className={`${secondaryButton} mt-1`}>
        {copy.submit}
      </button>
    </form>
  );
}

/** Marks an open request answered, with the owner's note of what was done (required). */
function CloseForm({ row, noteMax, ids }: { row: DataRequestRow; noteMax: number; ids: string }) {
  const copy = dataRequestCopy.close;
  return (
    <details className="mt-2">
      <summary className="inline-flex min-h-6 cursor-pointer items-center text-sm font-semibold text-slate-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
        {copy.summary}
      </summary>
      <form method="post" action={closePath(row.id)} className="mt-2" noValidate data-close-form={row.id}>
        <label htmlFor={`${ids}close-note-${row.id}`} className="block text-sm font-semibold text-slate-800">
          {copy.note}
        </label>
        <textarea
          id={`${ids}close-note-${row.id}`}
          name="note"
          rows={2}
          required
          maxLength={noteMax}
          aria-describedby={`${ids}close-hint-${row.id}`}
          className={field}
        />
        <p id={`${ids}close-hint-${row.id}`} className={hint}>
          {copy.hint}
        </p>
        <button type="submit" className={`${secondaryButton} mt-1`}>
          {copy.submit}
        </button>
      </form>
    </details>
  );
}

function RequestRow({
  row,
  today,
  noteMax,
  place,
}: {
  row: DataRequestRow;
  today: string;
  noteMax: number;
  place: Place;
}) {
  const copy = dataRequestCopy.list;
  const { columns } = copy;
  const clock = requestClock(row, today);
  return (
    <tr id={`${place.ids}request-${row.id}`} className={rowClass} data-request-id={row.id}>
      <td className={cell}>
        <CellLabel>{columns.request}</CellLabel>
        <span className="font-semibold">{copy.number(row.id)}</span> · {dataRequestCopy.kindTitles[row.kind]}
        {row.note && (
          <p className="mt-1 text-slate-700">
            {copy.note}: <VisitorText text={row.note} className="whitespace-pre-line" />
          </p>
        )}
        <p className={hint}>
          <VisitorText text={copy.loggedBy(row.logged_by, formatTime(row.logged_at))} />
        </p>
      </td>
      <td className={cell}>
        <CellLabel>{columns.received}</CellLabel>
        {copy.receivedVia(longDay(row.received_on), row.channel)}
      </td>
      <td className={`${cell} md:whitespace-nowrap`}>
        <CellLabel>{columns.due}</CellLabel>
        <time dateTime={row.due_on}>{longDay(row.due_on)}</time>
      </td>
      <td className={cell}>
        <CellLabel>{columns.person}</CellLabel>
        <VisitorText text={row.person} />
        {place.lookup && <LookupForm row={row} />}
      </td>
      <td className={`${cell} md:min-w-56`}>
        <CellLabel>{columns.state}</CellLabel>
        <span className={`font-semibold ${clockTone[clock.state]}`} data-request-clock={clock.state}>
          {clockText(clock)}
        </span>
        {row.answered_by && <span className="text-slate-700"> {copy.answeredBy(row.answered_by)}</span>}
        {row.answer_note && (
          <p className="mt-1 text-slate-700">
            {copy.answerNote}: <VisitorText text={row.answer_note} className="whitespace-pre-line" />
          </p>
        )}
        {row.state === "open" && <CloseForm row={row} noteMax={noteMax} ids={place.ids} />}
      </td>
    </tr>
  );
}

function RequestTable({
  caption,
  rows,
  today,
  noteMax,
  place,
}: {
  caption: string;
  rows: readonly DataRequestRow[];
  today: string;
  noteMax: number;
  place: Place;
}) {
  const headers = Object.values(dataRequestCopy.list.columns).map((label) => ({ label }));
  return (
    <CollapsingTable caption={caption} headers={headers}>
      <tbody className="block md:table-row-group">
        {rows.map((row) => (
          <RequestRow key={row.id} row={row} today={today} noteMax={noteMax} place={place} />
        ))}
      </tbody>
    </CollapsingTable>
  );
}

export function DataRequestLogView({ listing }: { listing: RequestListing }) {
  const copy = dataRequestCopy.list;
  const { today, noteMax } = listing;
  return (
    <section aria-labelledby="requests-log-heading" id="requests-log" className="mt-10" data-requests-log="">
      <h2 id="requests-log-heading" className="text-xl font-bold text-slate-900">
        {copy.heading}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">{copy.explain}</p>
      <h3 className="mt-4 text-base font-bold text-slate-900">{copy.open}</h3>
      {listing.open.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{copy.noneOpen}</p>
      ) : (
        <RequestTable caption={copy.open} rows={listing.open} today={today} noteMax={noteMax} place={listed} />
      )}
      <h3 className="mt-6 text-base font-bold text-slate-900">{copy.answered(listing.answeredShown)}</h3>
      {listing.answered.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{copy.noneAnswered}</p>
      ) : (
        <RequestTable
          caption={copy.answered(listing.answeredShown)}
          rows={listing.answered}
          today={today}
          noteMax={noteMax}
          place={{ ids: "", lookup: false }}
        />
      )}
    </section>
  );
}

/** The requests logged about the person looked up (and the spellings ticked as theirs). */
export function PersonRequestsView({
  rows,
  listing,
}: {
  rows: readonly DataRequestRow[];
  listing: Pick<RequestListing, "today" | "noteMax">;
}) {
  const copy = dataRequestCopy.person;
  const { today, noteMax } = listing;
  return (
    <section aria-labelledby="person-requests-heading" className="mt-6" data-person-requests={rows.length}>
      <h3 id="person-requests-heading" className="text-base font-bold text-slate-900">
        {copy.heading}
      </h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{copy.none}</p>
      ) : (
        <RequestTable caption={copy.heading} rows={rows} today={today} noteMax={noteMax} place={personal} />
      )}
    </section>
  );
}

/** The logged request a lookup came from: its number, its person (masked), and whether the address typed is theirs. */
export type RequestCheck = { id: number; person: string; matches: boolean };

/** Whether the person looked up is the one the request was logged for: the owner typed the address. */
export function RequestCheckNote({ check }: { check: RequestCheck | null }) {
  if (!check) return null;
  const copy = dataRequestCopy.lookup;
  return check.matches ? (
    <p className="mt-2 text-sm font-semibold text-brand-900" role="status" data-request-check="matches">
      {copy.matches(check.id)}
    </p>
  ) : (
    <p className="mt-2 text-sm font-semibold text-red-800" role="alert" data-request-check="differs">
      {copy.differs(check.id)} <VisitorText text={check.person} />
    </p>
  );
}
