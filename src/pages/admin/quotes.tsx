import { adminCopy } from "../../content/admin.ts";
import { formatMoney } from "../../lib/money.ts";
import { quotePagePath } from "../../paths.ts";
import type { AdminQuote } from "../../quotes/listing.ts";
import { type AdminChrome, AdminShell } from "./chrome.tsx";
import { CellLabel, CollapsingTable, cell, day, formatTime, link, row, wrappingLink } from "./shared.tsx";
import { VisitorText } from "./visitor-text.tsx";

export type QuotesView = {
  section: "quotes";
  rows: AdminQuote[];
  /** When the page is drawn (ms): quotes past their validity are marked. */
  now: number;
};

function QuoteRow({ quote, now }: { quote: AdminQuote; now: number }) {
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
      </td>
      <td className={`${cell} whitespace-nowrap tabular-nums md:text-right`}>
        <CellLabel>{columns.monthly}</CellLabel>
        {quote.monthly_cents > 0 ? `${formatMoney(quote.monthly_cents, quote.currency)} ${copy.perMonth}` : "-"}
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
        <p className="mt-4 text-slate-600">{copy.empty}</p>
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
          <tbody className="block md:table-row-group">
            {view.rows.map((quote) => (
              <QuoteRow key={quote.number} quote={quote} now={view.now} />
            ))}
          </tbody>
        </CollapsingTable>
      )}
    </AdminShell>
  );
}
