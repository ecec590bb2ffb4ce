/**
 * The breach register's page (/admin/breaches): every entry newest first with its 72-hour clock,
 * the exports, and the form that records a new breach.
 */

import { AdminHeader } from "../admin/admin-chrome.tsx";
import { adminCopy } from "../admin/admin-copy.ts";
import {
  CellLabel,
  CollapsingTable,
  cell,
  formatTime,
  KeysetPager,
  link,
  row as rowClass,
  secondaryButton,
} from "../admin/admin-ui.tsx";
import { VisitorText } from "../admin/visitor-text.tsx";
import { clipped } from "../lib/clip.ts";
import { ADMIN_BREACHES_CSV_PATH, ADMIN_BREACHES_JSON_PATH, ADMIN_BREACHES_PATH } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { breachCopy as copy } from "./breach-copy.ts";
import { BreachForm } from "./breach-form.tsx";
import { breachHref } from "./breach-number.ts";
import type { BreachFormValues, BreachListView, ClockedBreach } from "./breach-register.ts";
import { ClockStatus, RiskPill } from "./breach-view.tsx";

/** How much of "what happened" a row shows: the entry's page has the rest. */
const WHAT_SHOWN = 140;

const EMPTY_FORM = Object.fromEntries(Object.keys(copy.labels).map((name) => [name, ""])) as BreachFormValues;

function BreachLine({ entry }: { entry: ClockedBreach }) {
  const { row, clock } = entry;
  const { columns } = copy.list;
  return (
    <tr id={row.number} className={rowClass} data-breach={row.number}>
      <td className={cell}>
        <CellLabel>{columns.number}</CellLabel>
        <a className={`${link} font-mono font-semibold`} href={breachHref(row.number)}>
          {row.number}
        </a>
        {row.closed_at && <span className="block text-xs text-slate-600">{copy.list.closed}</span>}
      </td>
      <td className={cell}>
        <CellLabel>{columns.aware}</CellLabel>
        <time dateTime={row.aware_at}>{formatTime(row.aware_at)}</time>
      </td>
      <td className={cell}>
        <CellLabel>{columns.risk}</CellLabel>
        <RiskPill risk={row.risk} />
      </td>
      <td className={cell}>
        <CellLabel>{columns.clock}</CellLabel>
        <ClockStatus clock={clock} />
      </td>
      <td className={cell}>
        <CellLabel>{columns.what}</CellLabel>
        <VisitorText text={clipped(row.what_happened, WHAT_SHOWN)} className="text-slate-700" />
      </td>
    </tr>
  );
}

function Register({ view }: { view: BreachListView }) {
  const { list } = copy;
  return (
    <section aria-labelledby="register-heading">
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p
          id="register-heading"
          className="font-semibold text-slate-800"
          data-total={view.total ? (view.total.more ? "more" : view.total.n) : undefined}
        >
          {list.count(view.total)}
        </p>
        <p className="flex flex-wrap gap-2">
          <a className={secondaryButton} href={ADMIN_BREACHES_JSON_PATH} download="" data-export="json">
            {list.exportJson}
            <span className="sr-only">{list.exportMore}</span>
          </a>
          <a className={secondaryButton} href={ADMIN_BREACHES_CSV_PATH} download="" data-export="csv">
            {list.exportCsv}
            <span className="sr-only">{list.exportMore}</span>
          </a>
        </p>
      </div>
      {view.rows.length === 0 ? (
        <p className="mt-4 text-slate-700">{view.pages.newest || view.pages.oldest ? list.past : list.empty}</p>
      ) : (
        <CollapsingTable
          caption={list.caption}
          headers={[
            { label: list.columns.number },
            { label: list.columns.aware },
            { label: list.columns.risk },
            { label: list.columns.clock },
            { label: list.columns.what },
          ]}
        >
          <tbody className="block md:table-row-group">
            {view.rows.map((entry) => (
              <BreachLine key={entry.row.number} entry={entry} />
            ))}
          </tbody>
        </CollapsingTable>
      )}
      <KeysetPager links={view.pages} />
    </section>
  );
}

function RecordSection({ view }: { view: BreachListView }) {
  return (
    <section
      id="record"
      aria-labelledby="record-heading"
      className="mt-8 rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      <h2 id="record-heading" className="text-xl font-bold text-slate-900">
        {copy.record.heading}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">{copy.record.explain}</p>
      <BreachForm
        action={ADMIN_BREACHES_PATH}
        mode="record"
        values={view.refused?.typed ?? EMPTY_FORM}
        problems={view.refused?.problems ?? null}
      />
    </section>
  );
}

function BreachListBody({ view, who }: { view: BreachListView; who: string }) {
  return (
    <>
      <AdminHeader current="breaches" who={who} />
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{copy.title}</h1>
        <p className="mt-2 max-w-3xl text-sm text-slate-700">{copy.lead}</p>
        {/* A refused entry comes first, its problems where the owner looks. */}
        {view.refused && <RecordSection view={view} />}
        <Register view={view} />
        {!view.refused && <RecordSection view={view} />}
      </main>
    </>
  );
}

/** The register's page for the signed-in owner. */
export function breachListPage(view: BreachListView, who: string): Page {
  return {
    path: ADMIN_BREACHES_PATH,
    title: adminCopy.sectionTitle(copy.title),
    description: "",
    layout: "back-office",
    render: () => <BreachListBody view={view} who={who} />,
  };
}
