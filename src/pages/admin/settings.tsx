/** The back office's Settings page: the KES exchange rate, its form and its history. */
import type { SettingsView } from "../../admin/settings.ts";
import { adminCopy } from "../../content/admin.ts";
import { adminPaymentsCopy } from "../../content/admin-payments.ts";
import { parseKesRate } from "../../lib/kes.ts";
import { ADMIN_SETTINGS_PATH } from "../../paths.ts";
import type { Page } from "../types.ts";
import { AdminHeader } from "./chrome.tsx";
import { button, field, formatTime, RecordTable } from "./shared.tsx";
import { VisitorText } from "./visitor-text.tsx";

/** What the page says after the form: the rate just saved, or why the typed one was refused. */
export type SettingsOutcome = { saved: number } | { refused: string } | null;

function CurrentRate({ view }: { view: SettingsView }) {
  const copy = adminPaymentsCopy.settings.rate;
  const { rate } = view;
  return (
    <div className="mt-4" data-current-rate={rate?.rateX100 ?? ""}>
      <p className="text-sm font-semibold text-slate-700">{copy.current}</p>
      {rate ? (
        <>
          <p className="text-2xl font-bold text-slate-900 tabular-nums">{copy.perUsd(rate.rateX100)}</p>
          <p className="mt-1 text-sm text-slate-700" data-rate-source={rate.setAt ? "owner" : "default"}>
            {rate.setAt ? (
              <>
                <time dateTime={rate.setAt}>{copy.setOn(formatTime(rate.setAt))}</time>{" "}
                <VisitorText text={rate.setBy} />
              </>
            ) : (
              copy.fromDefault
            )}
          </p>
        </>
      ) : (
        <p className="text-sm font-semibold text-red-800" data-rate-source="none">
          {copy.none}
        </p>
      )}
    </div>
  );
}

function RateForm({ view, outcome }: { view: SettingsView; outcome: SettingsOutcome }) {
  const copy = adminPaymentsCopy.settings.rate;
  const refused = outcome && "refused" in outcome ? outcome.refused : null;
  return (
    <form method="post" action={ADMIN_SETTINGS_PATH} className="mt-6" noValidate>
      <label htmlFor="kes-rate" className="block text-sm font-semibold text-slate-800">
        {copy.label}
      </label>
      <p id="kes-rate-hint" className="text-xs text-slate-600">
        {copy.hint(view.bounds.min, view.bounds.max)}
      </p>
      {refused !== null && (
        <p id="kes-rate-error" className="mt-1 text-sm font-semibold text-red-800" role="alert">
          {copy.invalid(view.bounds.min, view.bounds.max)}
        </p>
      )}
      <input
        id="kes-rate"
        name="rate"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        required
        maxLength={20}
        defaultValue={refused ?? ""}
        aria-invalid={refused !== null ? true : undefined}
        aria-describedby={refused !== null ? "kes-rate-hint kes-rate-error" : "kes-rate-hint"}
        className={`${field} max-w-xs`}
      />
      <button type="submit" className={`${button} mt-3`}>
        {copy.submit}
      </button>
    </form>
  );
}

function RateHistory({ view }: { view: SettingsView }) {
  const copy = adminPaymentsCopy.settings.history;
  return (
    <section aria-labelledby="rate-history" className="mt-8">
      <h2 id="rate-history" className="text-xl font-bold text-slate-900">
        {copy.heading}
      </h2>
      {view.history.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{copy.empty}</p>
      ) : (
        <RecordTable
          caption={copy.caption}
          headers={[{ label: copy.when }, { label: copy.rate, right: true }, { label: copy.by }]}
        >
          {view.history.map((entry) => {
            const rate = entry.detail === null ? null : parseKesRate(entry.detail);
            return (
              <tr key={entry.id} className="border-t border-slate-200" data-audit-action={entry.action}>
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                </td>
                <td className="px-3 py-2 text-right tabular-nums" data-rate={rate ?? ""}>
                  {rate === null ? <VisitorText text={entry.detail} /> : adminPaymentsCopy.settings.rate.perUsd(rate)}
                </td>
                <td className="px-3 py-2">
                  <VisitorText text={entry.actor} />
                </td>
              </tr>
            );
          })}
        </RecordTable>
      )}
    </section>
  );
}

function SettingsBody({ view, who, outcome }: { view: SettingsView; who: string; outcome: SettingsOutcome }) {
  const copy = adminPaymentsCopy.settings;
  return (
    <>
      <AdminHeader current="settings" who={who} />
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{copy.heading}</h1>
        <p className="mt-2 text-sm text-slate-600">{copy.lead}</p>
        {outcome && "saved" in outcome && (
          <p
            className="mt-4 rounded-md bg-brand-100 px-3 py-2 text-sm font-semibold text-brand-900"
            role="status"
            data-notice="saved"
          >
            {copy.rate.saved(outcome.saved)}
          </p>
        )}
        <section aria-labelledby="kes-rate-heading" className="mt-6 rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <h2 id="kes-rate-heading" className="text-xl font-bold text-slate-900">
            {copy.rate.heading}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{copy.rate.explain}</p>
          <CurrentRate view={view} />
          <RateForm view={view} outcome={outcome} />
        </section>
        <RateHistory view={view} />
      </main>
    </>
  );
}

/** The Settings page for the signed-in owner, with the outcome of the form just sent, if any. */
export function adminSettingsPage(view: SettingsView, who: string, outcome: SettingsOutcome): Page {
  return {
    path: ADMIN_SETTINGS_PATH,
    title: adminCopy.sectionTitle(adminPaymentsCopy.settings.title),
    description: "",
    layout: "back-office",
    render: () => <SettingsBody view={view} who={who} outcome={outcome} />,
  };
}
