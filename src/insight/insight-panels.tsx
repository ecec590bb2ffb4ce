/**
 * The insight page's tables: top pages, referrers and countries, M-Pesa's result codes and revenue
 * by channel. Each collapses into one card a row on a phone (CollapsingTable), so nothing scrolls
 * sideways at 375 px; what visitors' browsers sent (a referrer's host) is shown as VisitorText.
 */

import type { ReactNode } from "react";
import { CellLabel, CollapsingTable, cell, row } from "../admin/admin-ui.tsx";
import { VisitorText } from "../admin/visitor-text.tsx";
import { formatMoney } from "../lib/money.ts";
import { insightCopy } from "./insight-copy.ts";
import type { CodeRow, TopRow } from "./insight-view.ts";
import type { RevenueRow } from "./revenue-queries.ts";

const numberCell = `${cell} tabular-nums md:text-right`;
const heading = "text-xl font-bold tracking-tight text-slate-900";

type TopCopy = {
  heading: string;
  caption: string;
  columns: { label: string; views: string; visitors: string };
  empty: string;
};

/** A titled part of the page, its heading naming it for assistive technology. */
function Panel({ id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="min-w-0" data-panel={id}>
      <h2 id={`${id}-heading`} className={heading}>
        {title}
      </h2>
      {lead && <p className="mt-1 max-w-3xl text-sm text-slate-700">{lead}</p>}
      {children}
    </section>
  );
}

const Empty = ({ text }: { text: string }) => <p className="mt-3 text-sm text-slate-700">{text}</p>;

/** Pages, referrers or countries: the label (as the browser sent it), views and visitors. */
export function TopPanel({
  id,
  copy,
  rows,
  labelOf = (label) => label,
}: {
  id: string;
  copy: TopCopy;
  rows: TopRow[];
  labelOf?: (label: string) => string;
}) {
  const { columns } = copy;
  return (
    <Panel id={id} title={copy.heading}>
      {rows.length === 0 ? (
        <Empty text={copy.empty} />
      ) : (
        <CollapsingTable
          caption={copy.caption}
          headers={[
            { label: columns.label },
            { label: columns.views, right: true },
            { label: columns.visitors, right: true },
          ]}
        >
          <tbody className="block md:table-row-group">
            {rows.map((top) => (
              <tr key={top.label} className={row} data-row={top.label}>
                <th scope="row" className={`${cell} font-normal`}>
                  <CellLabel>{columns.label}</CellLabel>
                  <VisitorText text={labelOf(top.label)} />
                </th>
                <td className={numberCell} data-views={top.views}>
                  <CellLabel>{columns.views}</CellLabel>
                  {insightCopy.count(top.views)}
                </td>
                <td className={numberCell} data-visitors={top.visitors}>
                  <CellLabel>{columns.visitors}</CellLabel>
                  {insightCopy.count(top.visitors)}
                </td>
              </tr>
            ))}
          </tbody>
        </CollapsingTable>
      )}
    </Panel>
  );
}

/** How M-Pesa's prompts ended: each result code, what it means, how often. */
export function CodesPanel({ codes }: { codes: CodeRow[] }) {
  const copy = insightCopy.resultCodes;
  const { columns } = copy;
  return (
    <Panel id="result-codes" title={copy.heading} lead={copy.lead}>
      {codes.length === 0 ? (
        <Empty text={copy.empty} />
      ) : (
        <CollapsingTable
          caption={copy.caption}
          headers={[{ label: columns.code }, { label: columns.meaning }, { label: columns.payments, right: true }]}
        >
          <tbody className="block md:table-row-group">
            {codes.map((code) => (
              <tr key={code.code} className={row} data-code={code.code}>
                <th scope="row" className={`${cell} font-mono font-normal`}>
                  <CellLabel>{columns.code}</CellLabel>
                  {code.code ? <VisitorText text={code.code} /> : copy.noCode}
                </th>
                <td className={cell}>
                  <CellLabel>{columns.meaning}</CellLabel>
                  {copy.meaning(code.code)}
                </td>
                <td className={numberCell} data-payments={code.payments}>
                  <CellLabel>{columns.payments}</CellLabel>
                  {insightCopy.count(code.payments)}
                </td>
              </tr>
            ))}
          </tbody>
        </CollapsingTable>
      )}
    </Panel>
  );
}

/** Revenue by channel from the ledger; null when it could not be read. */
export function RevenuePanel({ revenue }: { revenue: RevenueRow[] | null }) {
  const copy = insightCopy.revenue;
  const { columns } = copy;
  let body: ReactNode;
  if (revenue === null) {
    body = (
      <p className="mt-3 text-sm font-semibold text-red-800" data-revenue-unavailable="">
        {copy.unavailable}
      </p>
    );
  } else if (revenue.length === 0) body = <Empty text={copy.empty} />;
  else {
    body = (
      <CollapsingTable
        caption={copy.caption}
        headers={[
          { label: columns.channel },
          { label: columns.currency },
          { label: columns.payments, right: true },
          { label: columns.paid, right: true },
          { label: columns.refunded, right: true },
        ]}
      >
        <tbody className="block md:table-row-group">
          {revenue.map((line) => (
            <tr
              key={`${line.provider}-${line.currency}`}
              className={row}
              data-revenue={`${line.provider}-${line.currency}`}
            >
              <th scope="row" className={`${cell} font-normal`}>
                <CellLabel>{columns.channel}</CellLabel>
                {copy.providers[line.provider] ?? line.provider}
              </th>
              <td className={`${cell} uppercase`}>
                <CellLabel>{columns.currency}</CellLabel>
                {line.currency}
              </td>
              <td className={numberCell} data-payments={line.payments}>
                <CellLabel>{columns.payments}</CellLabel>
                {insightCopy.count(line.payments)}
              </td>
              <td className={numberCell} data-paid-cents={line.paidCents}>
                <CellLabel>{columns.paid}</CellLabel>
                {formatMoney(line.paidCents, line.currency)}
              </td>
              <td className={numberCell} data-refunded-cents={line.refundedCents}>
                <CellLabel>{columns.refunded}</CellLabel>
                {formatMoney(line.refundedCents, line.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </CollapsingTable>
    );
  }
  return (
    <Panel id="revenue" title={copy.heading} lead={copy.lead}>
      {body}
    </Panel>
  );
}
