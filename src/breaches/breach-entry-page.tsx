/**
 * One entry of the breach register (/admin/breaches/BR-2026-1): its clock, every field, the audit
 * trail of its changes, and the form that updates it.
 */

import type { ReactNode } from "react";
import { AdminHeader } from "../admin/admin-chrome.tsx";
import { adminCopy } from "../admin/admin-copy.ts";
import { formatTime, link, RecordTable } from "../admin/admin-ui.tsx";
import { VisitorText } from "../admin/visitor-text.tsx";
import type { BreachRow } from "../db/breach-tables.ts";
import { ADMIN_BREACHES_PATH } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { breachCopy as copy } from "./breach-copy.ts";
import { BreachForm } from "./breach-form.tsx";
import { breachHref } from "./breach-number.ts";
import type { BreachEntryView } from "./breach-register.ts";
import { ClockStatus, RiskPill } from "./breach-view.tsx";

const { entry: words, labels } = copy;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 border-t border-slate-200 py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-semibold text-slate-800">{label}</dt>
      <dd className="mt-1 text-sm whitespace-pre-line text-slate-800 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatTime(iso)}</time> : words.notRecorded);
const text = (value: string | null) => (value ? <VisitorText text={value} /> : words.notRecorded);

function Facts({ row }: { row: BreachRow }) {
  return (
    <dl className="mt-4 rounded-lg bg-white px-4 ring-1 ring-slate-200" data-facts="">
      <Fact label={labels.aware_at}>{when(row.aware_at)}</Fact>
      <Fact label={labels.what_happened}>{text(row.what_happened)}</Fact>
      <Fact label={labels.data_concerned}>{text(row.data_concerned)}</Fact>
      <Fact label={labels.people_concerned}>{text(row.people_concerned)}</Fact>
      <Fact label={labels.people_count}>
        {row.people_count === null ? words.unknownCount : row.people_count.toLocaleString("en-US")}
      </Fact>
      <Fact label={labels.risk}>
        <RiskPill risk={row.risk} />
      </Fact>
      <Fact label={labels.risk_description}>{text(row.risk_description)}</Fact>
      <Fact label={labels.actions_taken}>{text(row.actions_taken)}</Fact>
      <Fact label={labels.odpc_notified_at}>{row.odpc_notified_at ? when(row.odpc_notified_at) : words.none}</Fact>
      <Fact label={labels.odpc_reference}>{text(row.odpc_reference)}</Fact>
      <Fact label={labels.subjects_told}>{copy.told[row.subjects_told]}</Fact>
      <Fact label={labels.subjects_told_at}>{when(row.subjects_told_at)}</Fact>
      <Fact label={labels.subjects_told_how}>{text(row.subjects_told_how)}</Fact>
      <Fact label={labels.closed}>{row.closed_at ? words.closedOn(formatTime(row.closed_at)) : words.none}</Fact>
    </dl>
  );
}

function History({ view }: { view: BreachEntryView }) {
  const columns = words.historyColumns;
  return (
    <section aria-labelledby="history-heading" className="mt-8">
      <h2 id="history-heading" className="text-xl font-bold text-slate-900">
        {words.historyHeading}
      </h2>
      <RecordTable
        caption={words.historyCaption}
        headers={[{ label: columns.at }, { label: columns.action }, { label: columns.who }, { label: columns.detail }]}
      >
        {view.history.map((entry) => (
          <tr key={entry.id} className="border-t border-slate-200 align-top" data-audit-action={entry.action}>
            <td className="px-3 py-2 whitespace-nowrap">
              <time dateTime={entry.at}>{formatTime(entry.at)}</time>
            </td>
            <td className="px-3 py-2">{words.actions[entry.action] ?? entry.action}</td>
            <td className="px-3 py-2">
              <VisitorText text={entry.actor} />
            </td>
            <td className="px-3 py-2">
              <VisitorText text={entry.detail} />
            </td>
          </tr>
        ))}
      </RecordTable>
    </section>
  );
}

function Notice({ view }: { view: BreachEntryView }) {
  const { notice, row } = view;
  if (view.problems) {
    return (
      <p className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-900 ring-1 ring-red-700">
        <a href="#update" className="underline underline-offset-2">
          {words.notSaved}
        </a>
      </p>
    );
  }
  if (notice === null) return null;
  const number = row.number;
  const message =
    notice === "recorded" ? copy.record.recorded(number) : notice === "saved" ? words.saved : words.unchanged;
  return (
    <p
      className="mt-4 rounded-md bg-brand-100 px-3 py-2 text-sm font-semibold text-brand-900"
      role="status"
      data-notice={notice}
    >
      {message}
    </p>
  );
}

function BreachEntryBody({ view, who }: { view: BreachEntryView; who: string }) {
  const { row } = view;
  return (
    <>
      <AdminHeader current="breaches" who={who} />
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <p>
          <a className={link} href={ADMIN_BREACHES_PATH}>
            {words.back}
          </a>
        </p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">{words.title(row.number)}</h1>
        <Notice view={view} />
        <div className="mt-4">
          <ClockStatus clock={view.clock} large />
        </div>
        <p className="mt-2 text-sm text-slate-600">
          {words.recordedBy(formatTime(row.recorded_at))} <VisitorText text={row.recorded_by} />
          {"; "}
          {words.updatedBy(formatTime(row.updated_at))} <VisitorText text={row.updated_by} />
        </p>
        <section aria-labelledby="facts-heading" className="mt-6">
          <h2 id="facts-heading" className="text-xl font-bold text-slate-900">
            {words.factsHeading}
          </h2>
          <Facts row={row} />
        </section>
        <History view={view} />
        <section
          id="update"
          aria-labelledby="update-heading"
          className="mt-8 rounded-lg bg-white p-4 ring-1 ring-slate-200"
        >
          <h2 id="update-heading" className="text-xl font-bold text-slate-900">
            {words.updateHeading}
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">{words.updateExplain}</p>
          <BreachForm action={breachHref(row.number)} mode="update" values={view.values} problems={view.problems} />
        </section>
      </main>
    </>
  );
}

/** One entry's page for the signed-in owner. */
export function breachEntryPage(view: BreachEntryView, who: string): Page {
  return {
    path: breachHref(view.row.number),
    title: adminCopy.sectionTitle(words.title(view.row.number)),
    description: "",
    layout: "back-office",
    render: () => <BreachEntryBody view={view} who={who} />,
  };
}
