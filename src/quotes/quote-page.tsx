import { ButtonLink } from "../components/ButtonLink.tsx";
import { ResultCard } from "../components/ResultCard.tsx";
import { WhatsAppLink } from "../components/WhatsAppLink.tsx";
import { formatLongDate } from "../lib/dates.ts";
import type { PaymentDetails } from "../lib/payment-ways.ts";
import type { QuoteMpesa } from "../mpesa/mpesa-terms.ts";
import { QUOTE_PATH } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { whatsappCopy } from "../site/whatsapp-copy.ts";
import type { SellerTaxIdentity } from "../tax/seller.ts";
import { taxCopy } from "../tax/tax-copy.ts";
import type { QuotePayOnline } from "./pay-online.ts";
import { quoteDocument as words } from "./quote-document-copy.ts";
import type { Quote } from "./quote-numbers.ts";
import { quotePageCopy } from "./quote-page-copy.ts";
import { LinesTable, Totals } from "./quote-page-lines.tsx";
import { HowToPay, PayByMpesa, PayOnline } from "./quote-payment-panels.tsx";
import { quoteVat } from "./quote-vat.ts";

const copy = quotePageCopy;

export type QuoteView = {
  quote: Quote;
  pdfHref: string;
  payOnline: QuotePayOnline;
  mpesa: QuoteMpesa | null;
  /** Ours, as configured now: the page is drawn afresh each time, unlike the PDF kept at issue. */
  seller: SellerTaxIdentity;
  /** The owner's payment details and WhatsApp number in force now (a quote issued before they were set shows them here). */
  payment: PaymentDetails;
};

function QuoteBody({ view }: { view: QuoteView }) {
  const { quote, pdfHref, payOnline, seller } = view;
  const vat = quoteVat(quote.lines, seller.vat);
  return (
    <div className="bg-slate-50 py-10 sm:py-14">
      {/* The key is in this page's URL: no request from it names the page (React puts this in <head>). */}
      <meta name="referrer" content="no-referrer" />
      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <article
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
          data-quote={quote.number}
        >
          <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{copy.eyebrow}</p>
              <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
                {copy.title(quote.number)}
              </h1>
              {seller.kraPin && (
                <p className="mt-2 text-sm text-slate-600" data-seller-tax>
                  {`${words.registration} · `}
                  <span className="whitespace-nowrap">{taxCopy.kraPin(seller.kraPin)}</span>
                </p>
              )}
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-quote-dates>
              <dt className="text-slate-600">{words.labels.date}</dt>
              <dd className="font-medium text-slate-900">
                <time dateTime={quote.created_at}>{formatLongDate(quote.created_at)}</time>
              </dd>
              <dt className="text-slate-600">{words.labels.validUntil}</dt>
              <dd className="font-medium text-slate-900">
                <time dateTime={quote.valid_until}>{formatLongDate(quote.valid_until)}</time>
              </dd>
            </dl>
          </header>

          <section aria-labelledby="client-heading" className="mt-8" data-quote-client>
            <h2 id="client-heading" className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {words.preparedFor}
            </h2>
            {/* What the buyer typed, as text; <bdi> keeps a right-to-left name from reordering what is around it. */}
            <p className="mt-1 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">
              <bdi>{quote.customer_name}</bdi>
            </p>
            {quote.customer_company && (
              <p className="text-slate-700 [overflow-wrap:anywhere]">
                <span className="sr-only">{copy.client.company}: </span>
                <bdi>{quote.customer_company}</bdi>
              </p>
            )}
            <p className="text-slate-700 [overflow-wrap:anywhere]">
              <span className="sr-only">{copy.client.email}: </span>
              <bdi>{quote.customer_email}</bdi>
            </p>
            {quote.customer_kra_pin && (
              <p className="text-slate-700" data-customer-kra-pin>
                {taxCopy.kraPin(quote.customer_kra_pin)}
              </p>
            )}
          </section>

          <section aria-labelledby="lines-heading" className="mt-8">
            <h2 id="lines-heading" className="text-xl font-bold text-slate-900">
              {copy.lines.heading}
            </h2>
            <LinesTable quote={quote} vat={vat} />
            <Totals quote={quote} payOnline={payOnline} vat={vat} />
          </section>

          <div className="mt-8">
            <ButtonLink href={pdfHref} variant="outline">
              {copy.download}
            </ButtonLink>
          </div>
        </article>

        {payOnline.kind !== "expired" && (
          <HowToPay quote={quote} card={payOnline.kind === "ready"} payment={view.payment} />
        )}
        <PayOnline quote={quote} payOnline={payOnline} />
        {view.mpesa && <PayByMpesa quote={quote} mpesa={view.mpesa} />}
        <WhatsAppLink number={view.payment.whatsapp} text={whatsappCopy.about(`quote ${quote.number}`)} />
      </div>
    </div>
  );
}

/** One quote for whoever holds its link; never indexed (render/document.tsx writes its noindex). */
export function quotePage(view: QuoteView): Page {
  return {
    path: QUOTE_PATH,
    title: copy.title(view.quote.number),
    description: copy.meta.description,
    render: () => <QuoteBody view={view} />,
  };
}

/** The quote links of one connection are being opened too fast (429). */
export const quoteTooManyPage: Page = {
  path: QUOTE_PATH,
  title: copy.tooMany.title,
  description: copy.meta.description,
  render: () => (
    <ResultCard icon="clock" tone="bg-accent-50 text-accent-700">
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{copy.tooMany.title}</h1>
      <p className="mt-4 text-lg text-pretty text-slate-700" role="alert">
        {copy.tooMany.text}
      </p>
    </ResultCard>
  ),
};
