/**
 * The back office's Insight page: the period's funnel (visitors → carts → quotes → checkouts → paid,
 * each with its share of the step before), where visitors went and came from, how M-Pesa prompts
 * ended, and revenue by channel from the ledger. Links switch the period, so it works without
 * JavaScript; when the SQL API cannot be read it says why, and revenue still shows.
 */

import { AdminHeader } from "../admin/admin-chrome.tsx";
import { adminCopy } from "../admin/admin-copy.ts";
import { formatDateTime } from "../lib/dates.ts";
import { ADMIN_INSIGHT_PATH } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { insightCopy } from "./insight-copy.ts";
import { CodesPanel, RevenuePanel, TopPanel } from "./insight-panels.tsx";
import type { FunnelStep, InsightEvents, InsightView } from "./insight-view.ts";

const copy = insightCopy;

function PeriodNav({ view }: { view: InsightView }) {
  return (
    <nav aria-label={copy.periods.label} className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {view.periods.map((period) => (
          <li key={period.days}>
            <a
              href={period.href}
              aria-current={period.current ? "page" : undefined}
              data-period={period.days}
              className={`inline-flex min-h-10 items-center rounded-md px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                period.current
                  ? "bg-brand-900 text-white"
                  : "bg-white text-slate-800 underline underline-offset-2 ring-1 ring-slate-300 ring-inset hover:bg-slate-100"
              }`}
            >
              {copy.periods.names[period.days]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Why the counts are missing: not set up, not answering, or refused; with the detail. */
function Unavailable({ events }: { events: Extract<InsightEvents, { ok: false }> }) {
  return (
    <div
      className="mt-6 rounded-lg bg-accent-100 p-4 text-sm text-slate-900 ring-1 ring-accent-700/30"
      data-insight-unavailable={events.reason}
    >
      <p className="font-semibold">{copy.unavailable.reasons[events.reason]}</p>
      <p className="mt-1 [overflow-wrap:anywhere] text-slate-800">{copy.unavailable.detail(events.message)}</p>
    </div>
  );
}

function Conversion({ value }: { value: string | null }) {
  if (value === null) return null;
  return (
    <p className="mt-2 text-sm font-semibold text-brand-900" data-conversion={value}>
      {value === copy.funnel.noConversion ? (
        <>
          <span aria-hidden="true">{value}</span>
          <span className="sr-only">{copy.funnel.noConversionWhy}</span>
        </>
      ) : (
        copy.funnel.conversion(value)
      )}
    </p>
  );
}

function Step({ step }: { step: FunnelStep }) {
  const channels = step.byChannel.map(({ channel, events }) => `${copy.channels[channel]} ${copy.count(events)}`);
  return (
    <li className="min-w-0 rounded-lg bg-white p-4 ring-1 ring-slate-200" data-step={step.key}>
      <h3 className="text-sm font-semibold text-slate-700">{copy.funnel.steps[step.key]}</h3>
      <p className="mt-1 text-slate-900">
        <span className="text-3xl font-extrabold tabular-nums" data-count={step.count}>
          {copy.count(step.count)}
        </span>{" "}
        <span className="text-sm font-semibold">{copy.funnel.unit[step.key](step.count)}</span>
      </p>
      <p className="mt-1 text-sm text-slate-700" data-events={step.events}>
        {copy.funnel.detail[step.key](step.events)}
      </p>
      {channels.length > 0 && (
        <p className="mt-1 text-sm text-slate-700" data-channels={channels.join(", ")}>
          {copy.funnel.byChannel}: {channels.join(" · ")}
        </p>
      )}
      <Conversion value={step.conversion} />
    </li>
  );
}

function Funnel({ steps }: { steps: FunnelStep[] }) {
  return (
    <section aria-labelledby="funnel-heading" className="mt-8" data-panel="funnel">
      <h2 id="funnel-heading" className="text-xl font-bold tracking-tight text-slate-900">
        {copy.funnel.heading}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">{copy.funnel.lead}</p>
      <ol className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {steps.map((step) => (
          <Step key={step.key} step={step} />
        ))}
      </ol>
    </section>
  );
}

function Counts({ events }: { events: Extract<InsightEvents, { ok: true }> }) {
  return (
    <>
      <Funnel steps={events.funnel} />
      <div className="mt-10 grid grid-cols-1 gap-10 lg:grid-cols-2">
        <TopPanel id="pages" copy={copy.pages} rows={events.pages} />
        <TopPanel id="referrers" copy={copy.referrers} rows={events.referrers} />
        <TopPanel
          id="countries"
          copy={copy.countries}
          rows={events.countries}
          labelOf={(country) => country || copy.countries.unknown}
        />
        <CodesPanel codes={events.codes} />
      </div>
    </>
  );
}

function InsightBody({ view, who }: { view: InsightView; who: string }) {
  return (
    <>
      <AdminHeader current="insight" who={who} />
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8" data-days={view.days}>
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{copy.title}</h1>
        <p className="mt-2 max-w-3xl text-sm text-slate-700">{copy.lead}</p>
        <PeriodNav view={view} />
        <p className="mt-3 text-sm text-slate-700" data-from={view.from}>
          {copy.periods.since(formatDateTime(view.from))}
        </p>
        {view.events.ok ? <Counts events={view.events} /> : <Unavailable events={view.events} />}
        <div className="mt-10">
          <RevenuePanel revenue={view.revenue} />
        </div>
      </main>
    </>
  );
}

/** The Insight page for the signed-in owner. */
export function insightPage(view: InsightView, who: string): Page {
  return {
    path: ADMIN_INSIGHT_PATH,
    title: adminCopy.sectionTitle(copy.title),
    description: "",
    layout: "back-office",
    render: () => <InsightBody view={view} who={who} />,
  };
}
