import { ButtonLink } from "../components/ButtonLink.tsx";
import { ResultCard } from "../components/ResultCard.tsx";
import type { QuoteLineRow } from "../db/document-tables.ts";
import { formatLongDate } from "../lib/dates.ts";
import { formatMoney } from "../lib/money.ts";
import type { QuoteMpesa } from "../mpesa/mpesa-terms.ts";
import { QUOTE_PATH } from "../paths.ts";
import type { Page } from "../render/page.ts";
import type { QuotePayOnline } from "./pay-online.ts";
import { quoteDocument as words } from "./quote-document-copy.ts";
import type { Quote } from "./quote-numbers.ts";
import { quotePageCopy } from "./quote-page-copy.ts";
import { HowToPay, PayByMpesa, PayOnline } from "./quote-payment-panels.tsx";

const copy = quotePageCopy;

export type QuoteView = { quote: Quote; pdfHref: string; payOnline: QuotePayOnline; mpesa: QuoteMpesa | null };

/** Below sm the table becomes one block per line, each cell with its own label. */
const cell = "block px-4 py-1 align-top sm:table-cell sm:py-3";

function CellLabel({ children }: { children: string }) {
  return <span className="mr-2 text-xs font-semibold text-slate-600 uppercase sm:hidden">{children}</span>;
}

function PerMonth({ recurring }: { recurring: boolean }) {
  return recurring ? <span className="block text-xs font-normal text-slate-600">{words.perMonth}</span> : null;
}

/** The PDF's columns, with the category the page has room for. */
const columns = { ...words.columns, category: copy.lines.category };

function LineRow({ line, currency }: { line: QuoteLineRow; currency: string }) {
  const recurring = line.recurring === 1;
  return (
    <tr
      className="block border-t border-slate-200 py-3 sm:table-row sm:py-0"
      data-item-id={line.item_id}
      data-recurring={recurring ? "" : undefined}
    >
      <th scope="row" className={`${cell} text-left font-semibold text-slate-900 [overflow-wrap:anywhere]`}>
        {line.name}
      </th>
      <td className={`${cell} text-slate-700`}>
        <CellLabel>{columns.category}</CellLabel>
        {line.category}
      </td>
      <td className={`${cell} tabular-nums sm:text-right`}>
        <CellLabel>{columns.quantity}</CellLabel>
        {line.quantity}
      </td>
      <td className={`${cell} tabular-nums sm:text-right`}>
        <CellLabel>{columns.unitPrice}</CellLabel>
        {formatMoney(line.unit_amount_cents, currency)}
        <PerMonth recurring={recurring} />
      </td>
      <td className={`${cell} font-semibold tabular-nums sm:text-right`}>
        <CellLabel>{columns.lineTotal}</CellLabel>
        {formatMoney(line.unit_amount_cents * line.quantity, currency)}
        <PerMonth recurring={recurring} />
      </td>
    </tr>
  );
}

function LinesTable({ quote }: { quote: Quote }) {
  const head = "px-4 py-3 font-semibold";
  return (
    <table className="mt-4 block w-full text-left text-sm text-slate-800 sm:table" data-quote-lines>
      <caption className="sr-only">{copy.lines.heading}</caption>
      <thead className="hidden bg-slate-50 text-xs tracking-wide text-slate-700 uppercase sm:table-header-group">
        <tr>
          <th scope="col" className={head}>
            {columns.service}
          </th>
          <th scope="col" className={head}>
            {columns.category}
          </th>
          <th scope="col" className={`${head} text-right`}>
            {columns.quantity}
          </th>
          <th scope="col" className={`${head} text-right`}>
            {columns.unitPrice}
          </th>
          <th scope="col" className={`${head} text-right`}>
            {columns.lineTotal}
          </th>
        </tr>
      </thead>
      <tbody className="block sm:table-row-group">
        {quote.lines.map((line) => (
          <LineRow key={line.position} line={line} currency={quote.currency} />
        ))}
      </tbody>
    </table>
  );
}

/** While a quote is being paid in parts: what came in, and what is left. */
function PartPaidTotals({ payOnline }: { payOnline: QuotePayOnline }) {
  if (payOnline.kind !== "part-paid") return null;
  const money = (cents: number) => formatMoney(cents, payOnline.currency);
  return (
    <>
      <div className="flex items-baseline justify-between gap-4" data-total="paid">
        <dt className="text-slate-700">{copy.paidSoFar}</dt>
        <dd className="text-slate-900 tabular-nums">{money(payOnline.paidCents)}</dd>
      </div>
      <div className="flex items-baseline justify-between gap-4" data-total="balance">
        <dt className="font-semibold text-slate-900">{copy.balance}</dt>
        <dd className="text-lg font-bold text-slate-900 tabular-nums">{money(payOnline.balanceCents)}</dd>
      </div>
    </>
  );
}

function Totals({ quote, payOnline }: { quote: Quote; payOnline: QuotePayOnline }) {
  return (
    <div className="mt-6 ml-auto max-w-sm space-y-2 border-t border-slate-200 pt-4 text-sm" data-quote-totals>
      <dl className="space-y-2">
        <div className="flex items-baseline justify-between gap-4" data-total="due">
          <dt className="font-semibold text-slate-900">{words.dueOnAcceptance}</dt>
          <dd className="text-lg font-bold text-slate-900 tabular-nums">
            {formatMoney(quote.due_cents, quote.currency)}
          </dd>
        </div>
        {quote.monthly_cents > 0 && (
          <div className="flex items-baseline justify-between gap-4" data-total="monthly">
            <dt className="font-semibold text-slate-900">{words.monthlyThereafter}</dt>
            <dd className="font-bold text-slate-900 tabular-nums">
              {formatMoney(quote.monthly_cents, quote.currency)} {words.perMonth}
            </dd>
          </div>
        )}
        <PartPaidTotals payOnline={payOnline} />
      </dl>
      <p className="text-xs text-slate-600">{copy.dueNote}</p>
    </div>
  );
}

function QuoteBody({ view }: { view: QuoteView }) {
  const { quote, pdfHref, payOnline } = view;
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
          </section>

          <section aria-labelledby="lines-heading" className="mt-8">
            <h2 id="lines-heading" className="text-xl font-bold text-slate-900">
              {copy.lines.heading}
            </h2>
            <LinesTable quote={quote} />
            <Totals quote={quote} payOnline={payOnline} />
          </section>

          <div className="mt-8">
            <ButtonLink href={pdfHref} variant="outline">
              {copy.download}
            </ButtonLink>
          </div>
        </article>

        {payOnline.kind !== "expired" && <HowToPay quote={quote} card={payOnline.kind === "ready"} />}
        <PayOnline quote={quote} payOnline={payOnline} />
        {view.mpesa && <PayByMpesa quote={quote} mpesa={view.mpesa} />}
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
