/**
 * The Paybill page's table of payments (paybill-page.tsx): each payment as it came, what it was
 * recorded as, and a waiting one's Assign form.
 */

import { button, CellLabel, CollapsingTable, cell, field, formatTime, link, row } from "../admin/admin-ui.tsx";
import { VisitorText } from "../admin/visitor-text.tsx";
import type { C2bPaymentRow } from "../db/c2b-tables.ts";
import { nairobiStampParts } from "../lib/dates.ts";
import { formatMoney } from "../lib/money.ts";
import { ADMIN_PAYBILL_ASSIGN_PATH, adminOrderAnchor, adminQuoteAnchor, adminSectionPaths } from "../paths.ts";
import { paybillCopy } from "./paybill-copy.ts";

const copy = paybillCopy.page;

/** M-Pesa's own time (YYYYMMDDhhmmss, Nairobi) as the back office writes times; anything else as sent. */
function mpesaTime(stamp: string): string {
  const t = nairobiStampParts(stamp);
  return t ? formatTime(`${t.year}-${t.month}-${t.day}T${t.hours}:${t.minutes}:${t.seconds}+03:00`) : stamp;
}

const statusTone: Record<string, string> = {
  unmatched: "bg-red-50 text-red-800 ring-red-700/30",
  matched: "bg-brand-100 text-brand-900 ring-brand-700/30",
  assigned: "bg-brand-100 text-brand-900 ring-brand-700/30",
};

function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${statusTone[status] ?? ""}`}
      data-status={status}
    >
      {copy.status[status] ?? status}
    </span>
  );
}

/** The owner's one-step form: the quote or order this kept payment pays. */
function AssignForm({ payment }: { payment: C2bPaymentRow }) {
  const id = `assign-${payment.trans_id}`;
  return (
    <form method="post" action={ADMIN_PAYBILL_ASSIGN_PATH} className="mt-2 grid gap-2" data-assign={payment.trans_id}>
      <input type="hidden" name="trans_id" value={payment.trans_id} />
      <div className="min-w-0">
        <label htmlFor={id} className="block text-xs font-semibold text-slate-800">
          {copy.assign.label}
        </label>
        <input
          id={id}
          name="target"
          type="text"
          required
          maxLength={300}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          className={field}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {copy.assign.hint}
        </p>
      </div>
      <div>
        <button type="submit" className={button}>
          {copy.assign.submit}
        </button>
      </div>
    </form>
  );
}

/** What the payment was recorded as: what it paid (with its link), or why it waits, and its Assign form. */
function Outcome({ payment }: { payment: C2bPaymentRow }) {
  if (payment.status === "unmatched") {
    return (
      <>
        <StatusBadge status="unmatched" />
        <p className="mt-1 text-xs text-slate-700" data-why={payment.unmatched_reason ?? ""}>
          {copy.why(payment.unmatched_reason)}
        </p>
        <AssignForm payment={payment} />
      </>
    );
  }
  const kind = payment.target_kind ?? "order";
  const ref = payment.target_ref ?? "";
  const href =
    kind === "quote"
      ? adminQuoteAnchor(ref)
      : kind === "subscription"
        ? `${adminSectionPaths.subscriptions}?q=${encodeURIComponent(ref)}`
        : adminOrderAnchor(ref, `q=${encodeURIComponent(ref)}`);
  return (
    <>
      <StatusBadge status={payment.status} />
      <p className="mt-1">
        <a className={link} href={href} data-paid={ref}>
          {copy.paid(copy.kinds[kind] ?? kind, ref)}
        </a>
      </p>
      {payment.excess_cents !== null && (
        <p className="mt-1 text-xs font-semibold text-red-800" data-excess={payment.excess_cents}>
          {copy.excess(formatMoney(payment.excess_cents, "kes"))}
        </p>
      )}
      {payment.assigned_by && payment.assigned_at && (
        <p className="mt-1 text-xs text-slate-600">
          {copy.assignedAt(formatTime(payment.assigned_at))} <VisitorText text={payment.assigned_by} />
        </p>
      )}
    </>
  );
}

function PaymentRow({ payment }: { payment: C2bPaymentRow }) {
  const { columns } = copy;
  return (
    <tr id={`c2b-${payment.trans_id}`} className={row} data-c2b={payment.trans_id} data-c2b-status={payment.status}>
      <td className={cell}>
        <CellLabel>{columns.received}</CellLabel>
        <time dateTime={payment.received_at}>{formatTime(payment.received_at)}</time>
        <span className="block text-xs text-slate-600">{copy.transTime(mpesaTime(payment.trans_time))}</span>
      </td>
      <td className={cell}>
        <CellLabel>{columns.transId}</CellLabel>
        <span className="font-mono">{payment.trans_id}</span>
      </td>
      <td className={`${cell} md:text-right`}>
        <CellLabel>{columns.amount}</CellLabel>
        <span className="tabular-nums">{formatMoney(payment.amount_cents, "kes")}</span>
      </td>
      <td className={cell}>
        <CellLabel>{columns.payer}</CellLabel>
        <span className="block" data-payer="">
          {payment.payer_name ? <VisitorText text={payment.payer_name} /> : copy.noName}
        </span>
        <span className="block text-xs text-slate-600">
          {copy.numberLabel}: <VisitorText text={payment.msisdn} className="font-mono" />
        </span>
      </td>
      <td className={cell}>
        <CellLabel>{columns.account}</CellLabel>
        <span data-typed="">
          {payment.bill_ref ? <VisitorText text={payment.bill_ref} className="font-mono" /> : copy.nothingTyped}
        </span>
      </td>
      <td className={cell}>
        <CellLabel>{columns.outcome}</CellLabel>
        <Outcome payment={payment} />
      </td>
    </tr>
  );
}

/** Payments in a table that collapses into cards on a phone, under its caption. */
export function PaymentTable({ caption, payments }: { caption: string; payments: readonly C2bPaymentRow[] }) {
  const { columns } = copy;
  return (
    <CollapsingTable
      caption={caption}
      headers={[
        { label: columns.received },
        { label: columns.transId },
        { label: columns.amount, right: true },
        { label: columns.payer },
        { label: columns.account },
        { label: columns.outcome },
      ]}
    >
      <tbody className="block md:table-row-group">
        {payments.map((payment) => (
          <PaymentRow key={payment.trans_id} payment={payment} />
        ))}
      </tbody>
    </CollapsingTable>
  );
}
