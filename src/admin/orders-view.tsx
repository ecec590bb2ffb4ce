import type { OrderNoteRow, SubscriptionRow } from "../db/schema.ts";
import { formatMoney } from "../lib/money.ts";
import { adminOrderNotesPath } from "../paths.ts";
import { PaidThrough, PartPaid, PaymentsLedger } from "../payments/order-payments-view.tsx";
import { adminPaymentsCopy } from "../payments/payments-admin-copy.ts";
import { RecordPaymentForm } from "../payments/record-payment-form.tsx";
import type { AuditRow } from "./admin-actions.ts";
import { AdminShell } from "./admin-chrome.tsx";
import { adminCopy } from "./admin-copy.ts";
import type { AdminChrome } from "./admin-sections.ts";
import { adminSubscriptionsCopy } from "./admin-subscriptions-copy.ts";
import {
  AuditHistory,
  button,
  CellLabel,
  CollapsingTable,
  cell,
  day,
  formatTime,
  NoRows,
  row,
  StatusBadge,
  wrappingLink,
} from "./admin-ui.tsx";
import { KraPinForm } from "./order-kra-pin.tsx";
import type { BackOfficeOrder, OrdersView } from "./order-section.ts";
import { VisitorText } from "./visitor-text.tsx";

function SubscriptionLine({ sub }: { sub: SubscriptionRow }) {
  const copy = adminSubscriptionsCopy.onOrder;
  const when =
    sub.status === "canceled"
      ? copy.endedOn(day(sub.canceled_at))
      : sub.cancel_at_period_end === 1
        ? copy.endsOn(day(sub.cancel_at ?? sub.current_period_end))
        : sub.current_period_end
          ? copy.renews(day(sub.current_period_end))
          : null;
  return (
    <p className="mt-2 text-xs text-slate-700" data-subscription-status={sub.status}>
      {copy.label}: <strong>{sub.status.replaceAll("_", " ")}</strong>
      {when && <span> · {when}</span>}
      {sub.review_reason && (
        <span className="block [overflow-wrap:anywhere] text-red-800" data-review>
          {copy.review} <VisitorText text={sub.review_reason} />
        </span>
      )}
    </p>
  );
}

function Notes({ notes }: { notes: OrderNoteRow[] }) {
  const copy = adminCopy.orders.notes;
  if (notes.length === 0) return null;
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{copy.heading}</p>
      <ul className="mt-1 space-y-2">
        {notes.map((note) => (
          <li key={note.id} className="min-w-0 rounded-md bg-accent-100/40 p-2" data-note-id={note.id}>
            <p className="text-sm whitespace-pre-wrap text-slate-800">
              <VisitorText text={note.body} />
            </p>
            <p className="mt-1 text-xs text-slate-600">
              <time dateTime={note.at}>{formatTime(note.at)}</time> {copy.by} <VisitorText text={note.actor} />
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function NoteForm({ order, listQuery, noteMax }: { order: BackOfficeOrder; listQuery: string; noteMax: number }) {
  const copy = adminCopy.orders.notes;
  const id = `note-${order.order_id}`;
  return (
    <form method="post" action={adminOrderNotesPath(order.order_id, listQuery)} className="min-w-0">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {copy.label}
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {copy.hint(noteMax)}
      </p>
      <textarea
        id={id}
        name="note"
        rows={2}
        required
        maxLength={noteMax}
        aria-describedby={`${id}-hint`}
        className="mt-1 block w-full min-w-0 rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      />
      <button type="submit" className={`${button} mt-2`}>
        {copy.submit}
      </button>
    </form>
  );
}

/** Who ordered, as they typed it (visitor text). */
function CustomerCell({ order }: { order: BackOfficeOrder }) {
  const { columns } = adminCopy.orders;
  return (
    <td className={`${cell} [overflow-wrap:anywhere] md:max-w-xs`}>
      <CellLabel>{columns.customer}</CellLabel>
      <p className="font-medium text-slate-900">
        <VisitorText text={order.customer_name} />
      </p>
      <p>
        <a className={wrappingLink} href={`mailto:${order.customer_email}`}>
          <VisitorText text={order.customer_email} />
        </a>
      </p>
      {order.customer_phone && (
        <p>
          <a className={wrappingLink} href={`tel:${order.customer_phone.replace(/[^+\d]/g, "")}`}>
            <VisitorText text={order.customer_phone} />
          </a>
        </p>
      )}
      {order.customer_company && (
        <p>
          <VisitorText text={order.customer_company} />
        </p>
      )}
      {order.customer_kra_pin && <p data-kra-pin="">{adminCopy.orders.kraPin.shown(order.customer_kra_pin)}</p>}
      {/* An order from a quote has no postal address: the quote asked for none. */}
      <p className="text-slate-600">
        <VisitorText
          text={[order.address, order.city, order.state, order.zip, order.country].filter(Boolean).join(", ")}
        />
      </p>
    </td>
  );
}

/** What was ordered, and how the order is identified. */
function ItemsCell({ order }: { order: BackOfficeOrder }) {
  const { orders } = adminCopy;
  const { columns } = orders;
  return (
    <td className={`${cell} [overflow-wrap:anywhere]`}>
      <CellLabel>{columns.items}</CellLabel>
      <ul className="space-y-1">
        {order.items.map((item) => (
          <li key={item.item_id}>
            {item.quantity} × {item.name}{" "}
            <span className="whitespace-nowrap text-slate-600">
              @ {formatMoney(item.unit_amount_cents, order.currency)}
              {item.recurring === 1 && ` ${orders.perMonth}`}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600">
        {orders.mode[order.mode === "subscription" ? "subscription" : "payment"]} ·{" "}
        {order.provider === "stripe" ? orders.reference : adminPaymentsCopy.orders.ourReference}{" "}
        <code className="break-all">{order.order_id}</code>
      </p>
    </td>
  );
}

function OrderRows({
  order,
  audit,
  listQuery,
  view,
}: {
  order: BackOfficeOrder;
  audit: AuditRow[] | undefined;
  listQuery: string;
  view: OrdersView;
}) {
  const { orders } = adminCopy;
  const { columns } = orders;
  return (
    <tbody className="block border-t-4 border-slate-100 md:table-row-group" data-order={order.order_id}>
      <tr id={`order-${order.order_id}`} className={row} data-session-id={order.order_id}>
        <td className={`${cell} whitespace-nowrap`}>
          <CellLabel>{columns.created}</CellLabel>
          <time dateTime={order.created_at}>{formatTime(order.created_at)}</time>
        </td>
        <td className={cell}>
          <CellLabel>{columns.status}</CellLabel>
          <StatusBadge status={order.status} />
          <PaidThrough order={order} />
          {order.review_reason && (
            <p className="mt-2 max-w-56 text-xs [overflow-wrap:anywhere] text-red-800">
              {orders.review} <VisitorText text={order.review_reason} />
            </p>
          )}
          {order.subscriptions.map((sub) => (
            <SubscriptionLine key={sub.subscription_id} sub={sub} />
          ))}
        </td>
        <CustomerCell order={order} />
        <ItemsCell order={order} />
        <td className={`${cell} font-semibold whitespace-nowrap tabular-nums md:text-right`}>
          <CellLabel>{columns.total}</CellLabel>
          {formatMoney(order.total_cents, order.currency)}
          <PartPaid balance={view.balances.get(order.order_id)} />
          <PaymentsLedger payments={order.payments} receipts={view.receipts} refunds={view.refunds} />
        </td>
      </tr>
      <tr className="block md:table-row" data-notes-for={order.order_id}>
        <td colSpan={5} className="block min-w-0 px-3 pt-1 pb-4 md:table-cell">
          <div className="grid min-w-0 gap-4 md:grid-cols-2">
            <div className="min-w-0">
              <Notes notes={order.notes} />
              <AuditHistory rows={audit} />
            </div>
            <div className="min-w-0">
              <NoteForm order={order} listQuery={listQuery} noteMax={view.noteMax} />
              <KraPinForm order={order} listQuery={listQuery} reported={view.kraPinReported.has(order.order_id)} />
              <RecordPaymentForm
                target={{ kind: "order", orderId: order.order_id, label: order.order_ref ?? order.order_id }}
                account={view.balances.get(order.order_id) ?? null}
                today={view.today}
              />
            </div>
          </div>
        </td>
      </tr>
    </tbody>
  );
}

export function OrdersSection({ chrome, view }: { chrome: AdminChrome; view: OrdersView }) {
  const copy = adminCopy.orders;
  const { columns } = copy;
  return (
    <AdminShell
      chrome={chrome}
      lead={
        <>
          <p className="mt-2 max-w-3xl text-sm text-slate-600">{adminCopy.paymentsLead}</p>
          {view.recorded && (
            <p
              className="mt-4 rounded-md bg-brand-100 px-3 py-2 text-sm font-semibold text-brand-900"
              role="status"
              data-notice="recorded"
            >
              {adminPaymentsCopy.recorded}
            </p>
          )}
          {view.kraPinSaved && (
            <p
              className="mt-4 rounded-md bg-brand-100 px-3 py-2 text-sm font-semibold text-brand-900"
              role="status"
              data-notice="kra-pin"
            >
              {adminCopy.orders.kraPin.saved}
            </p>
          )}
        </>
      }
    >
      {view.rows.length === 0 ? (
        <NoRows text={copy.empty} stopped={chrome.stoppedAt !== null} />
      ) : (
        <CollapsingTable
          caption={copy.heading}
          headers={[
            { label: columns.created },
            { label: columns.status },
            { label: columns.customer },
            { label: columns.items },
            { label: columns.total, right: true },
          ]}
        >
          {view.rows.map((order) => (
            <OrderRows
              key={order.order_id}
              order={order}
              audit={view.audit.get(order.order_id)}
              listQuery={chrome.listQuery}
              view={view}
            />
          ))}
        </CollapsingTable>
      )}
    </AdminShell>
  );
}
