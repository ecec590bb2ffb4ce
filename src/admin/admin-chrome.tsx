import type { ReactNode } from "react";
import { breachCopy } from "../breaches/breach-copy.ts";
import { insightCopy } from "../insight/insight-copy.ts";
import {
  ADMIN_BREACHES_PATH,
  ADMIN_INSIGHT_PATH,
  ADMIN_PAYBILL_PATH,
  ADMIN_PEOPLE_PATH,
  ADMIN_SETTINGS_PATH,
  adminSectionPaths,
} from "../paths.ts";
import { paybillCopy } from "../paybill/paybill-copy.ts";
import { adminPaymentsCopy } from "../payments/payments-admin-copy.ts";
import { peopleCopy } from "../privacy/people-copy.ts";
import { adminCopy } from "./admin-copy.ts";
import type { Section } from "./admin-query.ts";
import type { AdminChrome } from "./admin-sections.ts";
import { field, KeysetPager, link, secondaryButton } from "./admin-ui.tsx";
import { VisitorText } from "./visitor-text.tsx";

const sections = Object.keys(adminSectionPaths) as Section[];

/** Where the owner is: a listed section, or a page of its own after the sections (Insight … Settings). */
type AdminPlace = Section | "insight" | "paybill" | "people" | "breaches" | "settings";

/** The sections, then Insight, Paybill, People, Breaches and Settings, each with its path and name. */
const places: readonly (readonly [AdminPlace, string, string])[] = [
  ...sections.map((section) => [section, adminSectionPaths[section], adminCopy.nav.sections[section]] as const),
  ["insight", ADMIN_INSIGHT_PATH, insightCopy.nav],
  ["paybill", ADMIN_PAYBILL_PATH, paybillCopy.nav],
  ["people", ADMIN_PEOPLE_PATH, peopleCopy.nav],
  ["breaches", ADMIN_BREACHES_PATH, breachCopy.nav],
  ["settings", ADMIN_SETTINGS_PATH, adminPaymentsCopy.navSettings],
];

function SectionNav({ current }: { current: AdminPlace }) {
  return (
    <nav aria-label={adminCopy.nav.label} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {places.map(([place, href, name]) => {
          const here = place === current;
          return (
            <li key={place}>
              <a
                href={href}
                aria-current={here ? "page" : undefined}
                className={`inline-flex min-h-10 items-center rounded-md px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                  here
                    ? "bg-brand-900 text-white"
                    : "bg-white text-slate-800 underline underline-offset-2 ring-1 ring-slate-300 ring-inset hover:bg-slate-100"
                }`}
              >
                {name}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The back office's header on every page: its name, who is signed in, the sections and Settings. */
export function AdminHeader({ current, who }: { current: AdminPlace; who: string }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            <span className="inline-flex rounded-full bg-brand-900 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
              {adminCopy.badge}
            </span>
            <span className="font-semibold text-slate-900">{adminCopy.heading}</span>
          </p>
          <p className="min-w-0 text-sm text-slate-700" data-signed-in="">
            {adminCopy.signedInAs} <VisitorText text={who} className="font-semibold text-slate-900" />
          </p>
        </div>
        <SectionNav current={current} />
      </div>
    </header>
  );
}

function SearchForm({ chrome }: { chrome: AdminChrome }) {
  const copy = adminCopy.search;
  const { query, section } = chrome;
  const id = (name: string) => `search-${name}`;
  const filtered = Boolean(query.q || query.status || query.from || query.to);
  return (
    <search aria-label={copy.label}>
      <form
        method="get"
        action={adminSectionPaths[section]}
        className="mt-6 grid grid-cols-1 gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
      >
        <div className="min-w-0">
          <label htmlFor={id("q")} className="block text-sm font-semibold text-slate-800">
            {copy.q}
          </label>
          <input
            id={id("q")}
            name="q"
            type="search"
            defaultValue={query.q}
            aria-describedby={id("q-hint")}
            className={field}
          />
          <p id={id("q-hint")} className="mt-1 text-xs text-slate-600">
            {copy.qHint[section]}
          </p>
        </div>
        <div className="min-w-0 lg:self-start">
          <label htmlFor={id("status")} className="block text-sm font-semibold text-slate-800">
            {copy.status}
          </label>
          <select id={id("status")} name="status" defaultValue={query.status ?? ""} className={field}>
            <option value="">{copy.any}</option>
            {chrome.statuses.map((status) => (
              <option key={status} value={status}>
                {chrome.statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 lg:self-start">
          <label htmlFor={id("from")} className="block text-sm font-semibold text-slate-800">
            {copy.from}
          </label>
          <input id={id("from")} name="from" type="date" defaultValue={query.from ?? ""} className={field} />
        </div>
        <div className="min-w-0 lg:self-start">
          <label htmlFor={id("to")} className="block text-sm font-semibold text-slate-800">
            {copy.to}
          </label>
          <input id={id("to")} name="to" type="date" defaultValue={query.to ?? ""} className={field} />
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-1 lg:self-start lg:pt-6">
          <button
            type="submit"
            className="inline-flex min-h-10 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {copy.submit}
          </button>
          {filtered && (
            <a className={link} href={adminSectionPaths[section]}>
              {copy.clear}
            </a>
          )}
        </div>
      </form>
    </search>
  );
}

/** The section's pager: a search stopped at its time budget goes on with "Search on", not "Older". */
function Pagination({ chrome }: { chrome: AdminChrome }) {
  const copy = adminCopy.pagination;
  return <KeysetPager links={chrome.links} copy={chrome.stoppedAt ? { ...copy, older: copy.searchOlder } : copy} />;
}

/**
 * A section's page: the back office's header (sections, who is signed in), the section's heading,
 * its search form (with the CSV link where there is one), the count, the rows and the pages.
 */
export function AdminShell({ chrome, lead, children }: { chrome: AdminChrome; lead?: ReactNode; children: ReactNode }) {
  const heading = adminCopy.nav.sections[chrome.section];
  const { query } = chrome;
  const filtered = Boolean(query.q || query.status || query.from || query.to);
  return (
    <>
      <AdminHeader current={chrome.section} who={chrome.who} />
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{heading}</h1>
        {lead ?? <p className="mt-2 max-w-3xl text-sm text-slate-600">{adminCopy.lead}</p>}
        <SearchForm chrome={chrome} />
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <p
            className="font-semibold text-slate-800"
            data-total={chrome.total ? (chrome.total.more ? "more" : chrome.total.n) : undefined}
          >
            {adminCopy.count(chrome.total, chrome.shown, chrome.section, filtered)}
          </p>
          {chrome.links.csv && (
            <a className={secondaryButton} href={chrome.links.csv} download="" data-csv="">
              {adminCopy.search.csv}
              <span className="sr-only">{adminCopy.search.csvMore(heading)}</span>
            </a>
          )}
        </div>
        {chrome.stoppedAt && (
          <p className="mt-3 max-w-3xl text-sm text-slate-700" data-search-stopped="">
            {adminCopy.stopped(chrome.section, chrome.stoppedAt, chrome.shown)}
          </p>
        )}
        {children}
        <Pagination chrome={chrome} />
      </main>
    </>
  );
}
