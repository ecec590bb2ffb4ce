/** The quote page's ways to pay: how (bank, M-Pesa paybill, card), Pay online, and M-Pesa Express. */
import type { ReactNode } from "react";
import { ButtonLink, buttonClass } from "../components/ButtonLink.tsx";
import { KraPinField } from "../components/KraPinField.tsx";
import { MpesaPhoneField } from "../components/MpesaPhoneField.tsx";
import { formatLongDate } from "../lib/dates.ts";
import { formatMoney } from "../lib/money.ts";
import type { PaymentDetails } from "../lib/payment-ways.ts";
import { mpesaCopy } from "../mpesa/mpesa-copy.ts";
import type { QuoteMpesa } from "../mpesa/mpesa-terms.ts";
import { MPESA_PAY_QUOTE_PATH } from "../paths.ts";
import { Island } from "../render/island.tsx";
import type { QuotePayOnline } from "./pay-online.ts";
import { quoteDocument as words } from "./quote-document-copy.ts";
import type { Quote } from "./quote-numbers.ts";
import { quotePageCopy } from "./quote-page-copy.ts";

const copy = quotePageCopy;

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      id={id}
    >
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The ways to pay the owner has set (the quote number as the reference), and the card when Pay
 * online is offered; nothing when there is no way to list.
 */
export function HowToPay({ quote, card, payment }: { quote: Quote; card: boolean; payment: PaymentDetails }) {
  const methods = [...(card ? [copy.card] : []), ...words.offline(quote.number, payment)];
  if (methods.length === 0) return null;
  return (
    <Panel id="how-to-pay" title={words.howToPayHeading}>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-700">
        {methods.map((method) => (
          <li key={method} className="[overflow-wrap:anywhere]">
            {method}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function notPayableReason(quote: Quote, payOnline: Exclude<QuotePayOnline, { kind: "ready" }>): string {
  const reasons = copy.payOnline;
  switch (payOnline.kind) {
    case "expired":
      return reasons.expired(formatLongDate(quote.valid_until));
    case "changed":
      return reasons.changed(payOnline.names, formatLongDate(quote.valid_until));
    case "unavailable":
      return reasons.unavailable(payOnline.names);
    case "part-paid":
      return reasons.partPaid(
        formatMoney(payOnline.paidCents, payOnline.currency),
        formatMoney(payOnline.balanceCents, payOnline.currency),
      );
  }
}

/** Why this quote cannot be paid online, with the way to a new one (not for a quote being paid in parts). */
function NotPayable({ quote, payOnline }: { quote: Quote; payOnline: Exclude<QuotePayOnline, { kind: "ready" }> }) {
  const reasons = copy.payOnline;
  const reason = notPayableReason(quote, payOnline);
  return (
    <div data-pay-online={payOnline.kind}>
      <p className="mt-3 rounded-lg border border-accent-300 bg-accent-50 px-4 py-3 text-slate-800" role="note">
        {reason}
      </p>
      {payOnline.kind !== "part-paid" && (
        <div className="mt-5">
          <ButtonLink href={reasons.requestNew.href}>{reasons.requestNew.label}</ButtonLink>
        </div>
      )}
    </div>
  );
}

export function PayOnline({ quote, payOnline }: { quote: Quote; payOnline: QuotePayOnline }) {
  return (
    <Panel id="pay-online" title={copy.payOnline.heading}>
      {payOnline.kind === "ready" ? (
        <div data-pay-online="ready">
          <p className="mt-3 text-slate-700">{copy.payOnline.lead}</p>
          <div className="mt-5">
            <Island.PayQuote items={payOnline.items} />
          </div>
          <noscript>
            <p className="mt-3 rounded-lg border border-accent-300 bg-accent-50 px-4 py-3 text-slate-800">
              {copy.payOnline.noScript}
            </p>
          </noscript>
        </div>
      ) : (
        <NotPayable quote={quote} payOnline={payOnline} />
      )}
    </Panel>
  );
}

/** M-Pesa Express beside Pay online: a plain form (it works without scripts) to the prompt. */
export function PayByMpesa({ quote, mpesa }: { quote: Quote; mpesa: QuoteMpesa }) {
  const say = (text: string) => (
    <p className="mt-3 rounded-lg border border-accent-300 bg-accent-50 px-4 py-3 text-slate-800" role="note">
      {text}
    </p>
  );
  return (
    <Panel id="pay-mpesa" title={mpesaCopy.quoteHeading}>
      {mpesa.kind === "paid" && say(mpesaCopy.quoteAccepted)}
      {mpesa.kind === "part-paid" && say(mpesaCopy.partPaid)}
      {mpesa.kind === "plan-at-checkout" && say(mpesaCopy.quotePlanAtCheckout)}
      {mpesa.kind === "over-limit" && say(mpesaCopy.overLimit(mpesa.kes))}
      {mpesa.kind === "offer" && (
        <form method="post" action={MPESA_PAY_QUOTE_PATH} className="mt-3 space-y-3" data-pay-mpesa>
          <input type="hidden" name="number" value={quote.number} />
          <input type="hidden" name="key" value={quote.access_key} />
          <input type="hidden" name="kes" value={mpesa.kes} />
          <p className="text-slate-700">{mpesaCopy.rateLine(mpesa.rateX100, mpesa.setOn)}</p>
          <p className="text-lg font-semibold text-slate-900">{mpesaCopy.amountLine(mpesa.kes)}</p>
          <div className="max-w-sm space-y-3">
            <MpesaPhoneField id="quote-mpesa-phone" name="phone" />
            <KraPinField id="quote-mpesa-kra-pin" defaultValue={quote.customer_kra_pin} hint={mpesaCopy.kraPinHint} />
          </div>
          <button type="submit" className={`${buttonClass("primary")} w-full sm:w-auto`}>
            {mpesaCopy.payButton(mpesa.kes)}
          </button>
        </form>
      )}
    </Panel>
  );
}
