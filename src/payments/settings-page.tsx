/** The back office's Settings page: the KES exchange rate, its form and its history. */

import { AdminHeader } from "../admin/admin-chrome.tsx";
import { adminCopy } from "../admin/admin-copy.ts";
import { button, field, formatTime, RecordTable, secondaryButton } from "../admin/admin-ui.tsx";
import { VisitorText } from "../admin/visitor-text.tsx";
import { parseKesRate } from "../lib/kes.ts";
import { ADMIN_SETTINGS_PATH } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { OdpcForm, type OdpcOutcome } from "./odpc-form.tsx";
import { PaymentDetailsForm, type PaymentDetailsOutcome } from "./payment-details-form.tsx";
import { adminPaymentsCopy } from "./payments-admin-copy.ts";
import type { RateConfirmation, SettingsView } from "./rate-settings.ts";

/**
 * What the page says after the form: the rate just saved, why the typed one was refused, or a large
 * change to confirm.
 */
export type SettingsOutcome = { saved: number } | { refused: string } | { confirm: RateConfirmation } | null;

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
        {copy.hint(view.bounds.min, view.bounds.max, view.confirmAbove)}
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

/**
 * The second look at a large change: both rates and the change in percent, and a button that posts
 * this very change again with what confirms it, beside the way out that keeps the rate. Nothing
 * takes the focus: Enter on a page that just loaded must not save the change.
 */
function ConfirmRate({ confirmation, confirmAbove }: { confirmation: RateConfirmation; confirmAbove: number }) {
  const copy = adminPaymentsCopy.settings.rate;
  const words = copy.confirm;
  const { fromX100, toX100, percent } = confirmation;
  return (
    <section
      aria-labelledby="confirm-rate-heading"
      className="mt-4 rounded-md bg-accent-100 p-4 ring-1 ring-accent-700"
      data-confirm-rate={toX100}
    >
      <h3 id="confirm-rate-heading" className="text-lg font-bold text-slate-900">
        {words.heading}
      </h3>
      <p className="mt-1 text-sm font-semibold text-slate-900" role="alert">
        {words.notYet(confirmAbove)}
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-700">{words.current}</dt>
        <dd className="tabular-nums text-slate-900" data-rate-from={fromX100}>
          {copy.perUsd(fromX100)}
        </dd>
        <dt className="font-semibold text-slate-700">{words.next}</dt>
        <dd className="tabular-nums text-slate-900" data-rate-to={toX100}>
          {copy.perUsd(toX100)}
        </dd>
        <dt className="font-semibold text-slate-700">{words.change}</dt>
        <dd className="tabular-nums text-slate-900" data-rate-change>
          {words.percent(percent)}
        </dd>
      </dl>
      <p className="mt-3 text-sm text-slate-700">{words.why}</p>
      <form method="post" action={ADMIN_SETTINGS_PATH} className="mt-3 flex flex-wrap items-center gap-3">
        {Object.entries(confirmation.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={button}>
          {words.submit(toX100)}
        </button>
        <a href={ADMIN_SETTINGS_PATH} className={secondaryButton}>
          {words.keep(fromX100)}
        </a>
      </form>
    </section>
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

function SettingsBody({
  view,
  who,
  outcome,
  details,
  odpc,
}: {
  view: SettingsView;
  who: string;
  outcome: SettingsOutcome;
  details: PaymentDetailsOutcome;
  odpc: OdpcOutcome;
}) {
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
          {outcome && "confirm" in outcome && (
            <ConfirmRate confirmation={outcome.confirm} confirmAbove={view.confirmAbove} />
          )}
          <CurrentRate view={view} />
          <RateForm view={view} outcome={outcome} />
        </section>
        <RateHistory view={view} />
        <PaymentDetailsForm values={view.details} outcome={details} />
        <OdpcForm setting={view.odpc} outcome={odpc} />
      </main>
    </>
  );
}

/** The Settings page for the signed-in owner, with the outcome of the form just sent, if any. */
export function adminSettingsPage(
  view: SettingsView,
  who: string,
  outcome: SettingsOutcome,
  details: PaymentDetailsOutcome = null,
  odpc: OdpcOutcome = null,
): Page {
  const copy = adminPaymentsCopy.settings;
  // A page that asks a question says so in its title, the first thing a screen reader reads.
  const title = outcome && "confirm" in outcome ? copy.rate.confirm.title : copy.title;
  return {
    path: ADMIN_SETTINGS_PATH,
    title: adminCopy.sectionTitle(title),
    description: "",
    layout: "back-office",
    render: () => <SettingsBody view={view} who={who} outcome={outcome} details={details} odpc={odpc} />,
  };
}
