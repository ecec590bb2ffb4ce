import { VatNote } from "../components/VatNote.tsx";
import type { QuoteLineRow } from "../db/document-tables.ts";
import { formatMoney } from "../lib/money.ts";
import { taxCopy } from "../tax/tax-copy.ts";
import type { VatSplit } from "../tax/vat.ts";
import type { QuotePayOnline } from "./pay-online.ts";
import { quoteDocument as words } from "./quote-document-copy.ts";
import type { Quote } from "./quote-numbers.ts";
import { quotePageCopy as copy } from "./quote-page-copy.ts";
import { lineTotalCents, type QuoteVat } from "./quote-vat.ts";

/** Below sm the table becomes one block per line, each cell with its own label. */
const cell = "block px-4 py-1 align-top sm:table-cell sm:py-3";
const small = "block text-xs font-normal text-slate-600";

function CellLabel({ children }: { children: string }) {
  return <span className="mr-2 text-xs font-semibold text-slate-600 uppercase sm:hidden">{children}</span>;
}

function PerMonth({ recurring }: { recurring: boolean }) {
  return recurring ? <span className={small}>{words.perMonth}</span> : null;
}

/**
 * Under a line's total, small. One line on a phone (the cell spans the card) and on a wide table; in
 * the table's narrow sm–lg column the halves stack, or the amounts would squeeze the service's name
 * into broken words.
 */
function LineVat({ split, currency }: { split: VatSplit | undefined; currency: string }) {
  if (!split) return null;
  const half = "whitespace-nowrap sm:block lg:inline";
  return (
    <span className={small} data-line-vat>
      <span className={half}>{`${taxCopy.net} ${formatMoney(split.netCents, currency)}`}</span>
      <span className="sm:hidden lg:inline"> · </span>
      <span className={half}>{`${taxCopy.vat} ${formatMoney(split.vatCents, currency)}`}</span>
    </span>
  );
}

/** The PDF's columns, with the category the page has room for. */
const columns = { ...words.columns, category: copy.lines.category };

function LineRow({ line, currency, split }: { line: QuoteLineRow; currency: string; split: VatSplit | undefined }) {
  const recurring = line.recurring === 1;
  return (
    <tr
      className="block border-t border-slate-200 py-3 sm:table-row sm:py-0"
      data-item-id={line.item_id}
      data-recurring={recurring ? "" : undefined}
    >
      {/* A floor under the name's width: beside the amounts' VAT it would otherwise break inside words. */}
      <th scope="row" className={`${cell} text-left font-semibold text-slate-900 [overflow-wrap:anywhere] sm:min-w-36`}>
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
        {formatMoney(lineTotalCents(line), currency)}
        <PerMonth recurring={recurring} />
        <LineVat split={split} currency={currency} />
      </td>
    </tr>
  );
}

export function LinesTable({ quote, vat }: { quote: Quote; vat: QuoteVat | null }) {
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
        {quote.lines.map((line, i) => (
          <LineRow key={line.position} line={line} currency={quote.currency} split={vat?.lines[i]} />
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

/** Above what is due, when prices include VAT: the sums of the lines' nets and VATs. */
function VatTotals({ vat, currency }: { vat: QuoteVat | null; currency: string }) {
  if (!vat) return null;
  const rows = [
    ["net", taxCopy.net, vat.document.netCents],
    ["vat", taxCopy.vat, vat.document.vatCents],
  ] as const;
  return rows.map(([key, label, cents]) => (
    <div key={key} className="flex items-baseline justify-between gap-4" data-total={key}>
      <dt className="text-slate-700">{label}</dt>
      <dd className="text-slate-900 tabular-nums">{formatMoney(cents, currency)}</dd>
    </div>
  ));
}

export function Totals({ quote, payOnline, vat }: { quote: Quote; payOnline: QuotePayOnline; vat: QuoteVat | null }) {
  return (
    <div className="mt-6 ml-auto max-w-sm space-y-2 border-t border-slate-200 pt-4 text-sm" data-quote-totals>
      <dl className="space-y-2">
        <VatTotals vat={vat} currency={quote.currency} />
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
      <VatNote vatIncluded={vat !== null} />
    </div>
  );
}
