/** The Settings page's "Payment details": the owner's bank account, paybill or till, and WhatsApp number. */

import type { ReactNode } from "react";
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
  inputMode?: "numeric" | "tel" | "text";
  invalid: boolean;
};

function TextField({ name, label, value, inputMode, invalid }: TextFieldProps) {
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
        autoComplete="off"
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

/** One way of paying (or WhatsApp): its fields under a legend and the hint that says what it needs. */
function Group({ id, legend, hint, children }: { id: string; legend: string; hint: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3" aria-describedby={`${id}-hint`}>
      <legend className="text-base font-bold text-slate-900">{legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      {children}
    </fieldset>
  );
}

/** What the last post did: saved, or every reason it was not (the fields at fault point here). */
function Notices({ outcome }: { outcome: PaymentDetailsOutcome }) {
  if (outcome && "saved" in outcome) {
    return (
      <p
        className="mt-4 rounded-md bg-brand-100 px-3 py-2 text-sm font-semibold text-brand-900"
        role="status"
        data-notice="payment-details-saved"
      >
        {copy.saved}
      </p>
    );
  }
  if (!outcome) return null;
  return (
    <div id="payment-details-errors" className="mt-4 rounded-md bg-red-50 p-3 ring-1 ring-red-700" role="alert">
      <p className="text-sm font-semibold text-red-900">{copy.refused}</p>
      <ul className="mt-1 list-disc pl-5 text-sm text-red-900">
        {outcome.refused.map(({ message }) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/** The M-Pesa kind: a paybill (our reference as the account number) or a Buy Goods till. */
function MpesaKind({ value }: { value: string }) {
  const labels = copy.labels;
  return (
    <div>
      <label htmlFor="payment-mpesaKind" className="block text-sm font-semibold text-slate-800">
        {labels.mpesaKind}
      </label>
      <select id="payment-mpesaKind" name="mpesaKind" defaultValue={value} className={field}>
        <option value="paybill">{labels.paybill}</option>
        <option value="till">{labels.till}</option>
      </select>
    </div>
  );
}

export function PaymentDetailsForm({
  values,
  outcome,
}: {
  values: PaymentDetailsFields;
  outcome: PaymentDetailsOutcome;
}) {
  const shown = outcome && "typed" in outcome ? outcome.typed : values;
  const wrong = new Set(outcome && "refused" in outcome ? outcome.refused.flatMap((problem) => problem.fields) : []);
  const labels = copy.labels;
  /** A text field showing its value, marked when a reason is about it. */
  const text = (name: keyof PaymentDetailsFields, inputMode?: "numeric" | "tel") => (
    <TextField
      name={name}
      label={labels[name]}
      value={shown[name]}
      invalid={wrong.has(name)}
      {...(inputMode ? { inputMode } : {})}
    />
  );
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
      <Notices outcome={outcome} />
      <form method="post" action={ADMIN_PAYMENT_DETAILS_PATH} className="mt-4 space-y-6" noValidate>
        <Group id="bank" legend={copy.bankLegend} hint={copy.bankHint}>
          {text("bankName")}
          {text("accountName")}
          {text("accountNumber")}
          {text("branch")}
          {text("swift")}
        </Group>
        <Group id="mpesa" legend={copy.mpesaLegend} hint={copy.mpesaHint}>
          <MpesaKind value={shown.mpesaKind} />
          {text("mpesaNumber", "numeric")}
        </Group>
        <Group id="whatsapp" legend={copy.whatsappLegend} hint={copy.whatsappHint}>
          {text("whatsapp", "tel")}
        </Group>
        <button type="submit" className={button}>
          {copy.submit}
        </button>
      </form>
    </section>
  );
}
