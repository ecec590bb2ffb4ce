/**
 * The back office's People section: find a person by e-mail address, see what we hold, export it or
 * erase it, and the list of every such request (the record for the Data Commissioner).
 */

import { AdminHeader } from "../admin/admin-chrome.tsx";
import { adminCopy } from "../admin/admin-copy.ts";
import { button, field, secondaryButton } from "../admin/admin-ui.tsx";
import { VisitorText } from "../admin/visitor-text.tsx";
import type { DataRequestRow } from "../db/data-request-tables.ts";
import type { AuditRow } from "../db/schema.ts";
import { ADMIN_PEOPLE_ERASE_PATH, ADMIN_PEOPLE_EXPORT_PATH, ADMIN_PEOPLE_PATH } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { dataRequestCopy } from "./data-request-copy.ts";
import { type LogFormBounds, type LogFormState, LogRequestForm } from "./data-request-log-form.tsx";
import {
  DataRequestLogView,
  PersonRequestsView,
  type RequestCheck,
  RequestCheckNote,
  type RequestListing,
} from "./data-request-log-view.tsx";
import { DataRequestsView } from "./data-requests-view.tsx";
import { peopleCopy } from "./people-copy.ts";
import type { ErasureBlocker, Person } from "./person.ts";
import { PERSON_ADDRESS_MAX } from "./person-address.ts";
import { PersonHeld } from "./person-held-view.tsx";

export type PeopleView = {
  who: string;
  /** The address searched for, as typed; null: no search yet. */
  typed: string | null;
  /** What was found for it; null when nothing was searched or the address was not one. */
  person: Person | null;
  blocker: ErasureBlocker | null;
  requests: readonly AuditRow[];
  /** Requests received elsewhere: the form (again with its problems after a refusal) and the list. */
  requestLog: { listing: RequestListing; form: LogFormState | null; bounds: LogFormBounds };
  /** The requests logged about the person looked up. */
  personRequests: readonly DataRequestRow[];
  /** The logged request a lookup came from, and whether the address typed is its person. */
  requestCheck: RequestCheck | null;
  done: "erased" | "logged" | "answered" | null;
};

const doneText = {
  erased: peopleCopy.done.erased,
  logged: dataRequestCopy.done.logged,
  answered: dataRequestCopy.done.answered,
};

const card = "mt-6 rounded-lg bg-white p-4 ring-1 ring-slate-200";

function SearchForm({ view }: { view: PeopleView }) {
  const copy = peopleCopy.search;
  const invalid = view.typed !== null && view.person === null;
  return (
    <search aria-label={copy.label}>
      <form method="get" action={ADMIN_PEOPLE_PATH} className={`${card} flex flex-wrap items-end gap-3`} noValidate>
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="person-email" className="block text-sm font-semibold text-slate-800">
            {copy.field}
          </label>
          <input
            id="person-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={PERSON_ADDRESS_MAX}
            defaultValue={view.typed ?? ""}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? "person-email-hint person-email-error" : "person-email-hint"}
            className={field}
          />
          <p id="person-email-hint" className="mt-1 text-xs text-slate-600">
            {copy.hint}
          </p>
          {invalid && (
            <p id="person-email-error" className="mt-1 text-sm font-semibold text-red-800" role="alert">
              {copy.invalid}
            </p>
          )}
        </div>
        <button type="submit" className={`${button} mb-5`}>
          {copy.submit}
        </button>
      </form>
    </search>
  );
}

/** The spellings ticked as the same person, carried by the export and erase forms as the page shows them. */
function IncludedFields({ included }: { included: readonly string[] }) {
  return included.map((key) => <input key={key} type="hidden" name="also" value={key} />);
}

/** What the export and the erasure cover beyond the address typed: the ticked spellings, named. */
function IncludedNote({ included }: { included: readonly string[] }) {
  if (included.length === 0) return null;
  return (
    <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]" data-included={included.length}>
      {peopleCopy.found.included}: <VisitorText text={included.join(", ")} />
    </p>
  );
}

/**
 * Other people's spellings that only the caps' broad rule folds into this one: each included only
 * once the owner ticks it and asks for the page again, so what is exported and erased is what the
 * page shows.
 */
function CandidatesForm({ person, typed }: { person: Person; typed: string }) {
  const copy = peopleCopy.found.candidates;
  if (person.candidates.length === 0) return null;
  return (
    <section aria-labelledby="candidates-heading" className={card} data-candidates={person.candidates.length}>
      <h3 id="candidates-heading" className="text-base font-bold text-slate-900">
        {copy.heading}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{copy.explain}</p>
      <form method="get" action={ADMIN_PEOPLE_PATH} className="mt-3">
        <input type="hidden" name="email" value={typed} />
        <fieldset>
          <legend className="sr-only">{copy.heading}</legend>
          <ul className="space-y-1 text-sm text-slate-800">
            {person.candidates.map((key, i) => (
              <li key={key} className="flex min-w-0 items-start gap-2 [overflow-wrap:anywhere]">
                <input
                  id={`also-${i}`}
                  type="checkbox"
                  name="also"
                  value={key}
                  defaultChecked={person.included.includes(key)}
                  className="mt-1 size-4"
                />
                <label htmlFor={`also-${i}`}>
                  <VisitorText text={key} />
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        {person.candidatesCut && (
          <p className="mt-2 text-sm text-slate-700" data-candidates-cut="">
            {copy.cut(person.candidates.length)}
          </p>
        )}
        <button type="submit" className={`${secondaryButton} mt-3`}>
          {copy.submit}
        </button>
      </form>
    </section>
  );
}

function ExportForm({ typed, included }: { typed: string; included: readonly string[] }) {
  const copy = peopleCopy.exporting;
  return (
    <section aria-labelledby="export-heading" className={card}>
      <h2 id="export-heading" className="text-xl font-bold text-slate-900">
        {copy.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{copy.explain}</p>
      <IncludedNote included={included} />
      <form method="post" action={ADMIN_PEOPLE_EXPORT_PATH} className="mt-3">
        <input type="hidden" name="email" value={typed} />
        <IncludedFields included={included} />
        <button type="submit" className={secondaryButton}>
          {copy.submit}
        </button>
      </form>
    </section>
  );
}

function EraseForm({
  typed,
  included,
  blocker,
}: {
  typed: string;
  included: readonly string[];
  blocker: ErasureBlocker | null;
}) {
  const copy = peopleCopy.erasing;
  return (
    <section aria-labelledby="erase-heading" className={card} data-erase="">
      <h2 id="erase-heading" className="text-xl font-bold text-slate-900">
        {copy.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{copy.deleted}</p>
      <p className="mt-1 text-sm text-slate-700">{copy.kept}</p>
      <IncludedNote included={included} />
      {blocker ? (
        <p className="mt-3 text-sm font-semibold text-red-800" data-erase-blocked={blocker.kind}>
          {copy.blocked[blocker.kind](blocker.id)}
        </p>
      ) : (
        <form method="post" action={ADMIN_PEOPLE_ERASE_PATH} className="mt-3" noValidate>
          <input type="hidden" name="email" value={typed} />
          <IncludedFields included={included} />
          <label htmlFor="erase-confirm" className="block text-sm font-semibold text-slate-800">
            {copy.confirm}
          </label>
          <input
            id="erase-confirm"
            name="confirm"
            type="email"
            autoComplete="off"
            required
            maxLength={PERSON_ADDRESS_MAX}
            aria-describedby="erase-confirm-hint"
            className={`${field} max-w-md`}
          />
          <p id="erase-confirm-hint" className="mt-1 text-xs text-slate-600">
            {copy.confirmHint}
          </p>
          <button
            type="submit"
            className="mt-3 inline-flex min-h-9 items-center rounded-md bg-red-800 px-3 text-sm font-semibold text-white hover:bg-red-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800"
          >
            {copy.submit}
          </button>
        </form>
      )}
    </section>
  );
}

function Found({ view, person, typed }: { view: PeopleView; person: Person; typed: string }) {
  const copy = peopleCopy.found;
  // An answer cut short is never "nothing held", whatever it read.
  const empty = !person.truncated && Object.values(person.rows).every((kind) => kind.length === 0);
  return (
    <section aria-labelledby="found-heading" className="mt-8">
      <h2 id="found-heading" className="text-2xl font-bold text-slate-900 [overflow-wrap:anywhere]">
        {copy.heading(typed)}
      </h2>
      {person.addresses.length > 0 && (
        <p className="mt-1 text-sm text-slate-700" data-addresses={person.addresses.length}>
          {copy.addresses}:{" "}
          {person.addresses.map((a, i) => (
            <span key={a}>
              {i > 0 && ", "}
              <VisitorText text={a} />
            </span>
          ))}
        </p>
      )}
      <RequestCheckNote check={view.requestCheck} />
      {person.truncated && <p className="mt-2 text-sm font-semibold text-accent-700">{copy.truncated}</p>}
      {empty ? <p className="mt-2 text-sm text-slate-700">{copy.nothing}</p> : <PersonHeld person={person} />}
      <PersonRequestsView rows={view.personRequests} listing={view.requestLog.listing} />
      <CandidatesForm person={person} typed={typed} />
      <ExportForm typed={typed} included={person.included} />
      {!empty && <EraseForm typed={typed} included={person.included} blocker={view.blocker} />}
    </section>
  );
}

function PeopleBody({ view }: { view: PeopleView }) {
  return (
    <>
      <AdminHeader current="people" who={view.who} />
      <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{peopleCopy.heading}</h1>
        <p className="mt-2 max-w-3xl text-sm text-slate-600">{peopleCopy.lead}</p>
        {view.done && (
          <p
            className="mt-4 rounded-md bg-brand-100 px-3 py-2 text-sm font-semibold text-brand-900"
            role="status"
            data-notice={view.done}
          >
            {doneText[view.done]}
          </p>
        )}
        <SearchForm view={view} />
        {view.person && view.typed !== null && <Found view={view} person={view.person} typed={view.typed} />}
        <LogRequestForm state={view.requestLog.form} bounds={view.requestLog.bounds} />
        <DataRequestLogView listing={view.requestLog.listing} />
        <DataRequestsView rows={view.requests} />
      </main>
    </>
  );
}

/** The People page for the signed-in owner. */
export function adminPeoplePage(view: PeopleView): Page {
  return {
    path: ADMIN_PEOPLE_PATH,
    title: adminCopy.sectionTitle(peopleCopy.title),
    description: "",
    layout: "back-office",
    render: () => <PeopleBody view={view} />,
  };
}
