import { ADMIN_TIME_ZONE, adminCopy } from "../content/admin.ts";
import { formatUsd } from "../lib/money.ts";
import type { ContactMessageRow } from "../messages/repository.ts";
import type { OrderStatus } from "../orders/order-status.ts";
import type { OrderWithItems } from "../orders/repository.ts";

const when = new Intl.DateTimeFormat("en-GB", {
  timeZone: ADMIN_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : when.format(date);
}

const badgeTone: Record<OrderStatus, string> = {
  paid: "bg-brand-100 text-brand-900 ring-brand-700/30",
  awaiting_payment: "bg-accent-100 text-accent-700 ring-accent-700/30",
  pending: "bg-slate-100 text-slate-700 ring-slate-500/30",
  payment_failed: "bg-red-50 text-red-800 ring-red-700/30",
  expired: "bg-slate-100 text-slate-600 ring-slate-500/30",
};

function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${badgeTone[status]}`}
      data-status={status}
    >
      {adminCopy.status[status]}
    </span>
  );
}

/** Below md the table collapses into one card per order: every cell a block with its own label. */
const cell = "block px-3 py-1.5 align-top md:table-cell md:py-3";

function CellLabel({ children }: { children: string }) {
  return (
    <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase md:hidden">{children}</span>
  );
}
/** Underlined (never colour alone) and at least 24 px tall: touch targets stacked in a cell. */
const link = "inline-flex min-h-6 items-center text-brand-700 underline underline-offset-2 hover:text-brand-900";

function OrderRow({ order }: { order: OrderWithItems }) {
  const { orders } = adminCopy;
  const { columns } = orders;
  return (
    <tr className="block border-t border-slate-200 py-2 md:table-row md:py-0" data-session-id={order.session_id}>
      <td className={`${cell} whitespace-nowrap`}>
        <CellLabel>{columns.created}</CellLabel>
        <time dateTime={order.created_at}>{formatTime(order.created_at)}</time>
      </td>
      <td className={cell}>
        <CellLabel>{columns.status}</CellLabel>
        <StatusBadge status={order.status} />
      </td>
      <td className={cell}>
        <CellLabel>{columns.customer}</CellLabel>
        <p className="font-medium text-slate-900">{order.customer_name}</p>
        <p>
          <a className={`${link} break-all`} href={`mailto:${order.customer_email}`}>
            {order.customer_email}
          </a>
        </p>
        <p>
          <a className={link} href={`tel:${order.customer_phone.replace(/[^+\d]/g, "")}`}>
            {order.customer_phone}
          </a>
        </p>
        {order.customer_company && <p>{order.customer_company}</p>}
        <p className="text-slate-600">
          {[order.address, order.city, order.state, order.zip, order.country].join(", ")}
        </p>
      </td>
      <td className={cell}>
        <CellLabel>{columns.items}</CellLabel>
        <ul className="space-y-1">
          {order.items.map((item) => (
            <li key={item.item_id}>
              {item.quantity} × {item.name}{" "}
              <span className="whitespace-nowrap text-slate-600">
                @ {formatUsd(item.unit_amount_cents / 100)}
                {item.recurring === 1 && ` ${orders.perMonth}`}
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-600">
          {orders.mode[order.mode === "subscription" ? "subscription" : "payment"]} · {orders.reference}{" "}
          <code className="break-all">{order.session_id}</code>
        </p>
      </td>
      <td className={`${cell} font-semibold whitespace-nowrap tabular-nums md:text-right`}>
        <CellLabel>{columns.total}</CellLabel>
        {formatUsd(order.total_cents / 100)}
      </td>
    </tr>
  );
}

function OrdersTable({ orders, limit }: { orders: OrderWithItems[]; limit: number }) {
  const copy = adminCopy.orders;
  const { columns } = copy;
  return (
    <section aria-labelledby="orders-heading" className="mt-10">
      <h2 id="orders-heading" className="text-xl font-bold text-slate-900">
        {copy.heading} <span className="font-normal text-slate-600">({orders.length})</span>
      </h2>
      {orders.length === limit && <p className="mt-1 text-sm text-slate-600">{adminCopy.showingNewest(limit)}</p>}
      {orders.length === 0 ? (
        <p className="mt-4 text-slate-600">{copy.empty}</p>
      ) : (
        <div className="mt-4 rounded-lg bg-white ring-1 ring-slate-200">
          <table className="block w-full text-left text-sm text-slate-800 md:table">
            <caption className="sr-only">{copy.heading}</caption>
            <thead className="hidden bg-slate-50 text-xs tracking-wide text-slate-700 uppercase md:table-header-group">
              <tr>
                <th scope="col" className={cell}>
                  {columns.created}
                </th>
                <th scope="col" className={cell}>
                  {columns.status}
                </th>
                <th scope="col" className={cell}>
                  {columns.customer}
                </th>
                <th scope="col" className={cell}>
                  {columns.items}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {columns.total}
                </th>
              </tr>
            </thead>
            <tbody className="block md:table-row-group">
              {orders.map((order) => (
                <OrderRow key={order.session_id} order={order} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function MessageCard({ message }: { message: ContactMessageRow }) {
  const copy = adminCopy.messages;
  return (
    <article className="rounded-lg bg-white p-4 ring-1 ring-slate-200" data-message-id={message.id}>
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold text-slate-900">{message.name}</h3>
        <time dateTime={message.created_at} className="text-sm text-slate-600">
          {formatTime(message.created_at)}
        </time>
      </header>
      <p className="mt-1 text-sm">
        <a className={`${link} break-all`} href={`mailto:${message.email}`}>
          {message.email}
        </a>
        {message.phone && (
          <>
            {" · "}
            <span className="text-slate-600">{copy.phone}:</span> {message.phone}
          </>
        )}
        {message.company && (
          <>
            {" · "}
            <span className="text-slate-600">{copy.company}:</span> {message.company}
          </>
        )}
      </p>
      <p className="mt-3 text-sm whitespace-pre-wrap text-slate-800">{message.message}</p>
    </article>
  );
}

function MessagesList({ messages, limit }: { messages: ContactMessageRow[]; limit: number }) {
  const copy = adminCopy.messages;
  return (
    <section aria-labelledby="messages-heading" className="mt-12">
      <h2 id="messages-heading" className="text-xl font-bold text-slate-900">
        {copy.heading} <span className="font-normal text-slate-600">({messages.length})</span>
      </h2>
      {messages.length === limit && <p className="mt-1 text-sm text-slate-600">{adminCopy.showingNewest(limit)}</p>}
      {messages.length === 0 ? (
        <p className="mt-4 text-slate-600">{copy.empty}</p>
      ) : (
        <div className="mt-4 space-y-4">
          {messages.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </div>
      )}
    </section>
  );
}

export type AdminView = { orders: OrderWithItems[]; messages: ContactMessageRow[]; limit: number };

/** The owner's page body; render/admin-document.tsx gives it its own minimal document. */
export function AdminPage({ view }: { view: AdminView }) {
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <p className="inline-flex rounded-full bg-brand-900 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
        {adminCopy.badge}
      </p>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900">{adminCopy.heading}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">{adminCopy.lead}</p>
      <OrdersTable orders={view.orders} limit={view.limit} />
      <MessagesList messages={view.messages} limit={view.limit} />
    </main>
  );
}
