/** The Settings page's "Payment details": the owner's bank account, paybill or till, and WhatsApp number. */

import { button, field } from "../admin/admin-ui.tsx";
import { ADMIN_PAYMENT_DETAILS_PATH } from "../paths.ts";
import type { DetailsProblem, PaymentDetailsFields } from "./payment-details.ts";
import { paymentDetailsCopy as copy } from "./payment-details-copy.ts";

/** What the form says after a post: saved, or why not (every problem at once). */
export type PaymentDetailsOutcome = { saved: true } | { refused: DetailsProblem[]; typed: PaymentDetailsFields } | null;

type TextFieldProps = {
  name: keyof PaymentDetailsFields;
  label: string;
  value: string;
  autoComplete?: string;
  inputMode?: "numeric" | "tel" | "text";
  invalid: boolean;
};

function TextField({ name, label, value, autoComplete = "off", inputMode, invalid }: TextFieldProps) {
  const id = `payment-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={120}
        defaultValue={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? "payment-details-errors" : undefined}
        className={field}
      />
    </div>
  );
}

function Legend({ text }: { text: string }) {
  return <legend className="text-base font-bold text-slate-900">{text}</legend>;
}

export function PaymentDetailsForm({
  values,
  outcome,
}: {
  values: PaymentDetailsFields;
  outcome: PaymentDetailsOutcome;
}) {
  const refused = outcome && "refused" in outcome ? outcome.refused : null;
  const shown = outcome && "typed" in outcome ? outcome.typed : values;
  const wrong = new Set(refused?.flatMap((problem) => problem.fields) ?? []);
  const invalid = (name: keyof PaymentDetailsFields) => wrong.has(name);
  const labels = copy.labels;
  return (
    <section
      aria-labelledby="payment-details-heading"
      className="mt-8 rounded-lg bg-white p-4 ring-1 ring-slate-200"
      id="payment-details"
    >
      <h2 id="payment-details-heading" className="text-xl font-bold text-slate-900">
        {copy.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{copy.explain}</p>
      {outcome && "saved" in outcome && (
        <p
          className="mt-4 rounded-md bg-brand-100 px-3 py-2 text-sm font-semibold text-brand-900"
          role="status"
          data-notice="payment-details-saved"
        >
          {copy.saved}
        </p>
      )}
      {refused && (
        <div id="payment-details-errors" className="mt-4 rounded-md bg-red-50 p-3 ring-1 ring-red-700" role="alert">
          <p className="text-sm font-semibold text-red-900">{copy.refused}</p>
          <ul className="mt-1 list-disc pl-5 text-sm text-red-900">
            {refused.map(({ message }) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <form method="post" action={ADMIN_PAYMENT_DETAILS_PATH} className="mt-4 space-y-6" noValidate>
        <fieldset className="space-y-3" aria-describedby="bank-hint">
          <Legend text={copy.bankLegend} />
          <p id="bank-hint" className="text-xs text-slate-600">
            {copy.bankHint}
          </p>
          <TextField name="bankName" label={labels.bankName} value={shown.bankName} invalid={invalid("bankName")} />
          <TextField
            name="accountName"
            label={labels.accountName}
            value={shown.accountName}
            invalid={invalid("accountName")}
          />
          <TextField
            name="accountNumber"
            label={labels.accountNumber}
            value={shown.accountNumber}
            invalid={invalid("accountNumber")}
          />
          <TextField name="branch" label={labels.branch} value={shown.branch} invalid={invalid("branch")} />
          <TextField name="swift" label={labels.swift} value={shown.swift} invalid={invalid("swift")} />
        </fieldset>
        <fieldset className="space-y-3" aria-describedby="mpesa-hint">
          <Legend text={copy.mpesaLegend} />
          <p id="mpesa-hint" className="text-xs text-slate-600">
            {copy.mpesaHint}
          </p>
          <div>
            <label htmlFor="payment-mpesaKind" className="block text-sm font-semibold text-slate-800">
              {labels.mpesaKind}
            </label>
            <select id="payment-mpesaKind" name="mpesaKind" defaultValue={shown.mpesaKind} className={field}>
              <option value="paybill">{labels.paybill}</option>
              <option value="till">{labels.till}</option>
            </select>
          </div>
          <TextField
            name="mpesaNumber"
            label={labels.mpesaNumber}
            value={shown.mpesaNumber}
            inputMode="numeric"
            invalid={invalid("mpesaNumber")}
          />
        </fieldset>
        <fieldset className="space-y-3" aria-describedby="whatsapp-hint">
          <Legend text={copy.whatsappLegend} />
          <p id="whatsapp-hint" className="text-xs text-slate-600">
            {copy.whatsappHint}
          </p>
          <TextField
            name="whatsapp"
            label={labels.whatsapp}
            value={shown.whatsapp}
            inputMode="tel"
            autoComplete="off"
            invalid={invalid("whatsapp")}
          />
        </fieldset>
        <button type="submit" className={button}>
          {copy.submit}
        </button>
      </form>
    </section>
  );
}
