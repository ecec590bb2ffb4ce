import type { ReactNode } from "react";
import { AdminShell } from "../admin/admin-chrome.tsx";
import type { AdminChrome } from "../admin/admin-sections.ts";
import {
  AuditHistory,
  button,
  CellLabel,
  CollapsingTable,
  cell,
  formatTime,
  link,
  NoRows,
  row,
} from "../admin/admin-ui.tsx";
import { VisitorText } from "../admin/visitor-text.tsx";
import type { AuditRow } from "../db/schema.ts";
import { clipped } from "../lib/clip.ts";
import { nairobiStampParts } from "../lib/dates.ts";
import { formatMoney } from "../lib/money.ts";
import { adminInvoiceRetryPath, adminOrderAnchor, adminReceiptPath } from "../paths.ts";
import { invoicesAdminCopy as copy } from "./invoices-admin-copy.ts";
import type { InvoiceRow, InvoicesView } from "./invoices-section.ts";

/** KRA's message is whatever its service answered: enough of it to act on, never a page of it. */
const MESSAGE_SHOWN = 300;

/**
 * The control unit's time (YYYYMMDDhhmmss, Nairobi's clock) as the back office writes every time;
 * anything else as KRA sent it.
 */
function controlUnitTime(value: string): string {
  const t = nairobiStampParts(value);
  return t ? formatTime(`${t.year}-${t.month}-${t.day}T${t.hours}:${t.minutes}:${t.seconds}+03:00`) : value;
}

const statusTone = {
  pending: "bg-accent-100 text-accent-700 ring-accent-700/30",
  accepted: "bg-brand-100 text-brand-900 ring-brand-700/30",
} as const;

/** The status word with its own symbol: statuses differ by shape and word, not by colour alone. */
function InvoiceBadge({ status }: { status: InvoiceRow["status"] }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${statusTone[status]}`}
      data-status={status}
    >
      <span aria-hidden="true">{copy.statusSymbol[status]}</span>
      {copy.status[status]}
    </span>
  );
}

/** What KRA said: its numbers and signature once it accepted the sale, its last message while it waits. */
function KraAnswer({ sale }: { sale: InvoiceRow }) {
  if (sale.status === "accepted") {
    const { numbers } = copy;
    const entries: [string, ReactNode][] = [
      [numbers.receipt, sale.cur_rcpt_no],
      [numbers.total, sale.tot_rcpt_no],
      [numbers.signature, sale.rcpt_sign && <VisitorText text={sale.rcpt_sign} className="font-mono" />],
      [numbers.time, sale.sdc_date_time && controlUnitTime(sale.sdc_date_time)],
      [numbers.accepted, sale.accepted_at && <time dateTime={sale.accepted_at}>{formatTime(sale.accepted_at)}</time>],
    ];
    return (
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs" data-kra-numbers="">
        {entries
          .filter(([, value]) => value !== null && value !== "")
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-slate-700">{label}</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
      </dl>
    );
  }
  return (
    <p className="text-xs text-red-800" data-kra-message="">
      <span className="font-semibold">{copy.kraMessage}:</span>{" "}
      {sale.last_error ? <VisitorText text={clipped(sale.last_error, MESSAGE_SHOWN)} /> : copy.noAnswer}
    </p>
  );
}

function InvoiceRowView({
  sale,
  audit,
  listQuery,
}: {
  sale: InvoiceRow;
  audit: AuditRow[] | undefined;
  listQuery: string;
}) {
  const { columns } = copy;
  return (
    <tr
      id={`invoice-${sale.trader_invoice_no}`}
      className={row}
      data-invoice={sale.trader_invoice_no}
      data-invc-no={sale.invc_no}
    >
      <td className={`${cell} whitespace-nowrap`}>
        <CellLabel>{columns.invoice}</CellLabel>
        <p className="font-semibold text-slate-900">{sale.trader_invoice_no}</p>
        <p className="text-xs text-slate-600">{copy.kraNumber(sale.invc_no)}</p>
        {sale.receipt_type === "R" && <p className="text-xs text-slate-600">{copy.creditNote(sale.org_invc_no)}</p>}
        <p className="text-xs text-slate-600">
          {copy.soldAt} <time dateTime={sale.sold_at}>{formatTime(sale.sold_at)}</time>
        </p>
      </td>
      <td className={`${cell} [overflow-wrap:anywhere] md:max-w-56`}>
        <CellLabel>{columns.order}</CellLabel>
        {sale.order_id ? (
          <>
            <VisitorText text={sale.customer_name} className="block font-medium text-slate-900" />
            <a
              className={`${link} break-all text-xs`}
              href={adminOrderAnchor(sale.order_id, `q=${encodeURIComponent(sale.order_id)}`)}
            >
              <code>{sale.order_id}</code>
            </a>
          </>
        ) : (
          <span className="text-slate-600">{copy.noOrder}</span>
        )}
      </td>
      <td className={`${cell} whitespace-nowrap tabular-nums md:text-right`} data-amount="">
        <CellLabel>{columns.amount}</CellLabel>
        {sale.amount_cents !== null && sale.currency ? formatMoney(sale.amount_cents, sale.currency) : "-"}
      </td>
      <td className={cell}>
        <CellLabel>{columns.status}</CellLabel>
        <InvoiceBadge status={sale.status} />
      </td>
      <td className={`${cell} tabular-nums md:text-right`}>
        <CellLabel>{columns.attempts}</CellLabel>
        <span data-attempts="">{sale.attempts}</span>
        <p className="text-xs whitespace-nowrap text-slate-600" data-last-attempt="">
          {sale.last_attempt_at ? (
            <>
              {copy.lastAttempt} <time dateTime={sale.last_attempt_at}>{formatTime(sale.last_attempt_at)}</time>
            </>
          ) : (
            copy.notSentYet
          )}
        </p>
        {sale.status === "pending" && (
          <p className="text-xs whitespace-nowrap text-slate-600">
            {copy.nextAttempt} <time dateTime={sale.next_attempt_at}>{formatTime(sale.next_attempt_at)}</time>
          </p>
        )}
      </td>
      <td className={`${cell} md:max-w-xs`}>
        <CellLabel>{columns.kra}</CellLabel>
        <KraAnswer sale={sale} />
      </td>
      <td className={cell}>
        {sale.receipt_number ? (
          <a className={link} href={adminReceiptPath(sale.receipt_number)} data-receipt="">
            {copy.receipt(sale.receipt_number)}
          </a>
        ) : (
          <p className="text-xs text-slate-600">{copy.noReceipt}</p>
        )}
        {sale.status === "pending" && (
          <form method="post" action={adminInvoiceRetryPath(sale.trader_invoice_no, listQuery)} className="mt-2">
            <button type="submit" aria-label={copy.retryLabel(sale.trader_invoice_no)} className={button}>
              {copy.retry}
            </button>
          </form>
        )}
        <AuditHistory rows={audit} />
      </td>
    </tr>
  );
}

export function InvoicesSection({ chrome, view }: { chrome: AdminChrome; view: InvoicesView }) {
  const { columns } = copy;
  const lead = (
    <>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">{copy.lead}</p>
      {!view.etimsConfigured && (
        <p
          className="mt-3 max-w-3xl rounded-md bg-accent-100 px-3 py-2 text-sm font-semibold text-accent-700"
          data-etims-off=""
        >
          {copy.notConfigured}
        </p>
      )}
      {view.retried && (
        <p
          className="mt-3 rounded-md bg-brand-100 px-3 py-2 text-sm font-semibold text-brand-900"
          role="status"
          data-notice="retried"
        >
          {copy.retried}
        </p>
      )}
    </>
  );
  return (
    <AdminShell chrome={chrome} lead={lead}>
      {view.rows.length === 0 ? (
        <NoRows text={copy.empty} stopped={chrome.stoppedAt !== null} />
      ) : (
        <CollapsingTable
          caption={copy.nav}
          headers={[
            { label: columns.invoice },
            { label: columns.order },
            { label: columns.amount, right: true },
            { label: columns.status },
            { label: columns.attempts, right: true },
            { label: columns.kra },
            { label: <span className="sr-only">{columns.actions}</span> },
          ]}
        >
          <tbody className="block md:table-row-group">
            {view.rows.map((sale) => (
              <InvoiceRowView
                key={sale.trader_invoice_no}
                sale={sale}
                audit={view.audit.get(sale.trader_invoice_no)}
                listQuery={chrome.listQuery}
              />
            ))}
          </tbody>
        </CollapsingTable>
      )}
    </AdminShell>
  );
}
