import { formatMoney } from "../lib/money.ts";
import { adminOrderAnchor, quotePagePath } from "../paths.ts";
import { PartPaid } from "../payments/order-payments-view.tsx";
import { adminPaymentsCopy } from "../payments/payments-admin-copy.ts";
import { RecordPaymentForm } from "../payments/record-payment-form.tsx";
import type { AdminQuote } from "../quotes/quote-listing.ts";
import { AdminShell } from "./admin-chrome.tsx";
import { adminCopy } from "./admin-copy.ts";
import type { AdminChrome } from "./admin-sections.ts";
import {
  AuditHistory,
  CellLabel,
  CollapsingTable,
  cell,
  day,
  formatTime,
  link,
  NoRows,
  row,
  wrappingLink,
} from "./admin-ui.tsx";
import type { QuotesView } from "./quote-section.ts";
import { VisitorText } from "./visitor-text.tsx";

/** Accepted: when, and a link to the order that paid it. */
function Accepted({ quote }: { quote: AdminQuote }) {
  if (!quote.accepted_at) return null;
  const copy = adminPaymentsCopy.quotes;
  const order = quote.accepted_order;
  return (
    <p className="mt-1 text-xs text-slate-700" data-accepted={order ?? ""}>
      <time dateTime={quote.accepted_at}>{copy.accepted(day(quote.accepted_at))}</time>
      {order && (
        <>
          {" · "}
          <a className={link} href={adminOrderAnchor(order, `q=${encodeURIComponent(order)}`)}>
            {copy.order}
          </a>
        </>
      )}
    </p>
  );
}

function QuoteRow({ quote, view }: { quote: AdminQuote; view: QuotesView }) {
  const { now } = view;
  const copy = adminCopy.quotes;
  const { columns } = copy;
  const expired = !(Date.parse(quote.valid_until) > now);
  return (
    <tr id={`quote-${quote.number}`} className={row} data-quote-number={quote.number}>
      <td className={`${cell} whitespace-nowrap`}>
        <CellLabel>{columns.number}</CellLabel>
        <a className={`${link} font-semibold`} href={quotePagePath(quote.number, quote.access_key)}>
          {quote.number}
        </a>
        <Accepted quote={quote} />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <CellLabel>{columns.created}</CellLabel>
        <time dateTime={quote.created_at}>{formatTime(quote.created_at)}</time>
      </td>
      <td className={`${cell} whitespace-nowrap`} data-expired={expired ? "" : undefined}>
        <CellLabel>{columns.validUntil}</CellLabel>
        <time dateTime={quote.valid_until}>{day(quote.valid_until)}</time>
        {expired && <span className="ml-1 text-slate-600">{copy.expired}</span>}
      </td>
      <td className={`${cell} [overflow-wrap:anywhere] md:max-w-xs`}>
        <CellLabel>{columns.customer}</CellLabel>
        <p className="font-medium text-slate-900">
          <VisitorText text={quote.customer_name} />
        </p>
        {quote.customer_company && (
          <p>
            <VisitorText text={quote.customer_company} />
          </p>
        )}
        {quote.customer_kra_pin && <p data-kra-pin="">{adminCopy.orders.kraPin.shown(quote.customer_kra_pin)}</p>}
        <p>
          <a className={wrappingLink} href={`mailto:${quote.customer_email}`}>
            <VisitorText text={quote.customer_email} />
          </a>
        </p>
      </td>
      <td className={`${cell} tabular-nums md:text-right`}>
        <CellLabel>{columns.lines}</CellLabel>
        {quote.line_count}
      </td>
      <td className={`${cell} font-semibold whitespace-nowrap tabular-nums md:text-right`}>
        <CellLabel>{columns.due}</CellLabel>
        {formatMoney(quote.due_cents, quote.currency)}
        <PartPaid balance={view.partPaid.get(quote.number)} />
      </td>
      <td className={`${cell} whitespace-nowrap tabular-nums md:text-right`}>
        <CellLabel>{columns.monthly}</CellLabel>
        {quote.monthly_cents > 0 ? `${formatMoney(quote.monthly_cents, quote.currency)} ${copy.perMonth}` : "-"}
      </td>
    </tr>
  );
}

/** Under each quote: its history and, until it is accepted, the form that records its payment. */
function QuoteActions({ quote, view }: { quote: AdminQuote; view: QuotesView }) {
  const audit = view.audit.get(quote.number);
  if (quote.accepted_at && !audit) return null;
  return (
    <tr className="block md:table-row" data-actions-for={quote.number}>
      <td colSpan={7} className="block min-w-0 px-3 pb-3 md:table-cell">
        <AuditHistory rows={audit} />
        {!quote.accepted_at && (
          <RecordPaymentForm
            target={{ kind: "quote", number: quote.number }}
            account={
              view.partPaid.get(quote.number) ?? {
                currency: quote.currency,
                dueCents: quote.due_cents,
                paidCents: 0,
                balanceCents: quote.due_cents,
                settled: false,
              }
            }
            today={view.today}
          />
        )}
      </td>
    </tr>
  );
}

export function QuotesSection({ chrome, view }: { chrome: AdminChrome; view: QuotesView }) {
  const copy = adminCopy.quotes;
  const { columns } = copy;
  return (
    <AdminShell chrome={chrome}>
      {view.rows.length === 0 ? (
        <NoRows text={copy.empty} stopped={chrome.stoppedAt !== null} />
      ) : (
        <CollapsingTable
          caption={copy.heading}
          headers={[
            { label: columns.number },
            { label: columns.created },
            { label: columns.validUntil },
            { label: columns.customer },
            { label: columns.lines, right: true },
            { label: columns.due, right: true },
            { label: columns.monthly, right: true },
          ]}
        >
          {view.rows.map((quote) => (
            <tbody key={quote.number} className="block md:table-row-group" data-quote={quote.number}>
              <QuoteRow quote={quote} view={view} />
              <QuoteActions quote={quote} view={view} />
            </tbody>
          ))}
        </CollapsingTable>
      )}
    </AdminShell>
  );
}
