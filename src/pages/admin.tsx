import { ADMIN_TIME_ZONE, adminCopy } from "../content/admin.ts";
import { formatUsd } from "../lib/money.ts";
import type { MailKind } from "../mail/kinds.ts";
import type { OutboxRow, OutboxStatus } from "../mail/outbox.ts";
import type { ContactMessageRow } from "../messages/repository.ts";
import type { OrderStatus } from "../orders/order-status.ts";
import type { AdminOrder } from "../orders/repository.ts";
import type { PaymentRow, SubscriptionRow } from "../orders/subscriptions.ts";
import { adminOutboxResendPath, quotePagePath } from "../paths.ts";
import type { AdminQuote } from "../quotes/listing.ts";

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
  no_payment_required: "bg-accent-100 text-accent-700 ring-accent-700/30",
  needs_review: "bg-red-50 text-red-800 ring-red-700/30",
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

const day = (iso: string | null): string => (iso ? (formatTime(iso).split(",")[0] ?? iso) : "-");

function SubscriptionLine({ sub }: { sub: SubscriptionRow }) {
  const copy = adminCopy.orders.subscription;
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
    </p>
  );
}

function PaymentsLedger({ payments }: { payments: PaymentRow[] }) {
  const copy = adminCopy.orders.payments;
  if (payments.length === 0) return null;
  return (
    <div className="mt-2 text-left text-xs font-normal whitespace-normal text-slate-700">
      <p className="font-semibold">{copy.label}</p>
      <ul className="space-y-0.5">
        {payments.map((p) => (
          <li key={p.payment_id} data-payment-status={p.status} data-billing-reason={p.billing_reason}>
            {p.status === "paid" ? copy.paid : <strong className="text-red-800">{copy.failed}</strong>}{" "}
            {formatUsd(p.amount_cents / 100)}
            {p.currency !== "usd" && ` ${p.currency.toUpperCase()}`} ·{" "}
            {copy.reasons[p.billing_reason] ?? p.billing_reason}
            {p.period_start && ` · ${day(p.period_start)}`}
            {p.status === "failed" && p.attempts > 1 && ` · ${copy.attempts(p.attempts)}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

function OrderRow({ order }: { order: AdminOrder }) {
  const { orders } = adminCopy;
  const { columns } = orders;
  return (
    <tr
      id={`order-${order.session_id}`}
      className="block scroll-mt-4 border-t border-slate-200 py-2 target:bg-accent-100/40 md:table-row md:py-0"
      data-session-id={order.session_id}
    >
      <td className={`${cell} whitespace-nowrap`}>
        <CellLabel>{columns.created}</CellLabel>
        <time dateTime={order.created_at}>{formatTime(order.created_at)}</time>
      </td>
      <td className={cell}>
        <CellLabel>{columns.status}</CellLabel>
        <StatusBadge status={order.status} />
        {order.review_reason && (
          <p className="mt-2 max-w-56 text-xs break-words text-red-800">
            {orders.review} {order.review_reason}
          </p>
        )}
        {order.subscriptions.map((sub) => (
          <SubscriptionLine key={sub.subscription_id} sub={sub} />
        ))}
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
        <PaymentsLedger payments={order.payments} />
      </td>
    </tr>
  );
}

function OrdersTable({ orders, limit }: { orders: AdminOrder[]; limit: number }) {
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

function QuoteRowView({ quote, now }: { quote: AdminQuote; now: number }) {
  const copy = adminCopy.quotes;
  const { columns } = copy;
  const expired = !(Date.parse(quote.valid_until) > now);
  return (
    <tr
      id={`quote-${quote.number}`}
      className="block scroll-mt-4 border-t border-slate-200 py-2 target:bg-accent-100/40 md:table-row md:py-0"
      data-quote-number={quote.number}
    >
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
      <td className={`${cell} max-w-xs [overflow-wrap:anywhere]`}>
        <CellLabel>{columns.customer}</CellLabel>
        <p className="font-medium text-slate-900">
          <bdi>{quote.customer_name}</bdi>
        </p>
        {quote.customer_company && (
          <p>
            <bdi>{quote.customer_company}</bdi>
          </p>
        )}
        <p>
          <a className={`${link} break-all`} href={`mailto:${quote.customer_email}`}>
            {quote.customer_email}
          </a>
        </p>
      </td>
      <td className={`${cell} tabular-nums md:text-right`}>
        <CellLabel>{columns.lines}</CellLabel>
        {quote.line_count}
      </td>
      <td className={`${cell} font-semibold whitespace-nowrap tabular-nums md:text-right`}>
        <CellLabel>{columns.due}</CellLabel>
        {formatUsd(quote.due_cents / 100)}
      </td>
      <td className={`${cell} whitespace-nowrap tabular-nums md:text-right`}>
        <CellLabel>{columns.monthly}</CellLabel>
        {quote.monthly_cents > 0 ? `${formatUsd(quote.monthly_cents / 100)} ${copy.perMonth}` : "-"}
      </td>
    </tr>
  );
}

function QuotesTable({ quotes, limit, now }: { quotes: AdminQuote[]; limit: number; now: number }) {
  const copy = adminCopy.quotes;
  const { columns } = copy;
  return (
    <section id="quotes" aria-labelledby="quotes-heading" className="mt-12 scroll-mt-4">
      <h2 id="quotes-heading" className="text-xl font-bold text-slate-900">
        {copy.heading} <span className="font-normal text-slate-600">({quotes.length})</span>
      </h2>
      {quotes.length === limit && <p className="mt-1 text-sm text-slate-600">{adminCopy.showingNewest(limit)}</p>}
      {quotes.length === 0 ? (
        <p className="mt-4 text-slate-600">{copy.empty}</p>
      ) : (
        <div className="mt-4 rounded-lg bg-white ring-1 ring-slate-200">
          <table className="block w-full text-left text-sm text-slate-800 md:table">
            <caption className="sr-only">{copy.heading}</caption>
            <thead className="hidden bg-slate-50 text-xs tracking-wide text-slate-700 uppercase md:table-header-group">
              <tr>
                <th scope="col" className={cell}>
                  {columns.number}
                </th>
                <th scope="col" className={cell}>
                  {columns.created}
                </th>
                <th scope="col" className={cell}>
                  {columns.validUntil}
                </th>
                <th scope="col" className={cell}>
                  {columns.customer}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {columns.lines}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {columns.due}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {columns.monthly}
                </th>
              </tr>
            </thead>
            <tbody className="block md:table-row-group">
              {quotes.map((quote) => (
                <QuoteRowView key={quote.number} quote={quote} now={now} />
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
    <article
      id={`message-${message.id}`}
      className="scroll-mt-4 rounded-lg bg-white p-4 ring-1 ring-slate-200"
      data-message-id={message.id}
    >
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

const outboxTone: Record<OutboxStatus, string> = {
  sent: "bg-brand-100 text-brand-900 ring-brand-700/30",
  queued: "bg-accent-100 text-accent-700 ring-accent-700/30",
  failed: "bg-red-50 text-red-800 ring-red-700/40",
  not_configured: "bg-slate-100 text-slate-700 ring-slate-500/30",
};

/** The status word with its own symbol: statuses differ by shape and word, not by colour alone. */
function OutboxBadge({ status }: { status: OutboxStatus }) {
  const copy = adminCopy.outbox;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${outboxTone[status]}`}
      data-status={status}
    >
      <span aria-hidden="true">{copy.statusSymbol[status]}</span>
      {copy.status[status]}
    </span>
  );
}

function kindLabel(kind: string): string {
  const { kinds } = adminCopy.outbox;
  return Object.hasOwn(kinds, kind) ? kinds[kind as MailKind] : kind;
}

function OutboxRowView({ mail }: { mail: OutboxRow }) {
  const copy = adminCopy.outbox;
  const { columns } = copy;
  return (
    <tr
      id={`outbox-${mail.id}`}
      className="block scroll-mt-4 border-t border-slate-200 py-2 target:bg-accent-100/40 md:table-row md:py-0"
      data-outbox-id={mail.id}
      data-kind={mail.kind}
    >
      <td className={`${cell} whitespace-nowrap`}>
        <CellLabel>{columns.created}</CellLabel>
        <time dateTime={mail.created_at}>{formatTime(mail.created_at)}</time>
        {mail.sent_at && (
          <p className="text-xs text-slate-600">
            {copy.sentAt}{" "}
            <time dateTime={mail.sent_at} data-sent-at>
              {formatTime(mail.sent_at)}
            </time>
          </p>
        )}
      </td>
      <td className={cell}>
        <CellLabel>{columns.kind}</CellLabel>
        <p className="font-medium text-slate-900">{kindLabel(mail.kind)}</p>
        <p className="text-xs text-slate-600">
          <code>{mail.kind}</code>
        </p>
        <p className="mt-1 break-words">
          <span className="sr-only">{copy.subject}: </span>
          {mail.subject}
        </p>
      </td>
      <td className={`${cell} break-all`}>
        <CellLabel>{columns.recipient}</CellLabel>
        {mail.recipient || <span className="text-slate-600">{copy.noRecipient}</span>}
      </td>
      <td className={cell}>
        <CellLabel>{columns.status}</CellLabel>
        <OutboxBadge status={mail.status} />
        {mail.last_error && (
          <p className="mt-1 max-w-xs text-xs break-words text-red-800" data-last-error>
            <span className="font-semibold">{copy.lastError}:</span> {mail.last_error}
          </p>
        )}
      </td>
      <td className={`${cell} tabular-nums md:text-right`}>
        <CellLabel>{columns.attempts}</CellLabel>
        {mail.attempts}
      </td>
      <td className={cell}>
        <CellLabel>{columns.related}</CellLabel>
        {mail.order_id && (
          <p className="text-xs">
            {copy.order}{" "}
            <a className={`${link} break-all`} href={`#order-${encodeURIComponent(mail.order_id)}`}>
              <code>{mail.order_id}</code>
            </a>
          </p>
        )}
        {mail.message_id !== null && (
          <p className="text-xs">
            <a className={link} href={`#message-${mail.message_id}`}>
              {copy.message} #{mail.message_id}
            </a>
          </p>
        )}
      </td>
      <td className={cell}>
        {mail.status === "failed" && (
          <form method="post" action={adminOutboxResendPath(mail.id)}>
            <button
              type="submit"
              aria-label={copy.resendLabel(mail.id)}
              className="inline-flex min-h-9 items-center rounded-md bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {copy.resend}
            </button>
          </form>
        )}
      </td>
    </tr>
  );
}

function OutboxTable({ outbox, limit }: { outbox: OutboxRow[]; limit: number }) {
  const copy = adminCopy.outbox;
  const { columns } = copy;
  return (
    <section id="outbox" aria-labelledby="outbox-heading" className="mt-12 scroll-mt-4">
      <h2 id="outbox-heading" className="text-xl font-bold text-slate-900">
        {copy.heading} <span className="font-normal text-slate-600">({outbox.length})</span>
      </h2>
      <p className="mt-1 text-sm text-slate-600">{copy.lead}</p>
      {outbox.length === limit && <p className="mt-1 text-sm text-slate-600">{adminCopy.showingNewest(limit)}</p>}
      {outbox.length === 0 ? (
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
                  {columns.kind}
                </th>
                <th scope="col" className={cell}>
                  {columns.recipient}
                </th>
                <th scope="col" className={cell}>
                  {columns.status}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {columns.attempts}
                </th>
                <th scope="col" className={cell}>
                  {columns.related}
                </th>
                <th scope="col" className={cell}>
                  <span className="sr-only">{columns.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody className="block md:table-row-group">
              {outbox.map((mail) => (
                <OutboxRowView key={mail.id} mail={mail} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export type AdminView = {
  orders: AdminOrder[];
  messages: ContactMessageRow[];
  outbox: OutboxRow[];
  quotes: AdminQuote[];
  limit: number;
  /** When the page is drawn (ms): quotes past their validity are marked. */
  now: number;
};

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
      <QuotesTable quotes={view.quotes} limit={view.limit} now={view.now} />
      <MessagesList messages={view.messages} limit={view.limit} />
      <OutboxTable outbox={view.outbox} limit={view.limit} />
    </main>
  );
}
