/**
 * The back office's Paybill page: every payment Daraja's C2B API confirmed, the unmatched first,
 * each kept one with its Assign form.
 */

import { AdminHeader } from "../admin/admin-chrome.tsx";
import { adminCopy } from "../admin/admin-copy.ts";
import {
  button,
  CellLabel,
  CollapsingTable,
  cell,
  field,
  formatTime,
  link,
  NumberedPager,
  row,
} from "../admin/admin-ui.tsx";
import { VisitorText } from "../admin/visitor-text.tsx";
import type { C2bPaymentRow } from "../db/c2b-tables.ts";
import { nairobiStampParts } from "../lib/dates.ts";
import { formatMoney } from "../lib/money.ts";
import {
  ADMIN_PAYBILL_ASSIGN_PATH,
  ADMIN_PAYBILL_PATH,
  adminOrderAnchor,
  adminQuoteAnchor,
  adminSectionPaths,
} from "../paths.ts";
import type { Page } from "../render/page.ts";
import { paybillCopy } from "./paybill-copy.ts";
import type { PaybillView } from "./paybill-listing.ts";

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

function Pages({ view }: { view: PaybillView }) {
  const at = (page: number) => `${ADMIN_PAYBILL_PATH}?page=${page}`;
  return <NumberedPager page={view.page} pages={view.pages} at={at} copy={copy.pages} />;
}

function PaybillBody({ view, who }: { view: PaybillView; who: string }) {
  const { columns } = copy;
  return (
    <>
      <AdminHeader current="paybill" who={who} />
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{copy.title}</h1>
        <p className="mt-2 max-w-3xl text-sm text-slate-700">{copy.lead}</p>
        {view.assigned && (
          <p
            className="mt-4 rounded-md bg-brand-100 px-3 py-2 text-sm font-semibold text-brand-900"
            role="status"
            data-notice="assigned"
          >
            {copy.assigned(view.assigned.transId, view.assigned.orderId)}
          </p>
        )}
        <p className="mt-4 text-sm font-semibold text-slate-800" data-unmatched={view.unmatched}>
          {view.unmatched > 0 ? copy.unmatchedCount(view.unmatched) : copy.noneUnmatched}
        </p>
        {view.rows.length === 0 ? (
          <p className="mt-4 text-slate-700">{copy.empty}</p>
        ) : (
          <CollapsingTable
            caption={copy.caption}
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
              {view.rows.map((payment) => (
                <PaymentRow key={payment.trans_id} payment={payment} />
              ))}
            </tbody>
          </CollapsingTable>
        )}
        <Pages view={view} />
      </main>
    </>
  );
}

/** The Paybill page for the signed-in owner. */
export function paybillPage(view: PaybillView, who: string): Page {
  return {
    path: ADMIN_PAYBILL_PATH,
    title: adminCopy.sectionTitle(copy.title),
    description: "",
    layout: "back-office",
    render: () => <PaybillBody view={view} who={who} />,
  };
}
