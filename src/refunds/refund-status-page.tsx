/**
 * One refund's page in the back office: where the owner lands after confirming, and what each refund
 * line of an order links to. Its status, who asked and when, the provider's ids, why it failed or
 * what it waits for, its KRA credit note, and for a card refund Stripe did not answer, "send again".
 */
import { AdminHeader } from "../admin/admin-chrome.tsx";
import { adminCopy } from "../admin/admin-copy.ts";
import { button, formatTime, link, secondaryButton } from "../admin/admin-ui.tsx";
import { VisitorText } from "../admin/visitor-text.tsx";
import { formatMoney } from "../lib/money.ts";
import { ADMIN_REFUNDS_PATH, adminRefundPath } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { orderHref } from "./refund-page.tsx";
import type { RefundView } from "./refund-views.ts";
import { refundsCopy } from "./refunds-copy.ts";

/** The label and value rows the page lists, leaving out what the refund does not have. */
function rowsOf(refund: RefundView): [string, string][] {
  const copy = refundsCopy.page;
  const optional: [string, string | null][] = [
    [copy.done, refund.settled_at ? formatTime(refund.settled_at) : null],
    [copy.stripeId, refund.stripe_refund_id],
    [copy.mpesaId, refund.mpesa_transaction_id],
    [copy.reference, refund.reference],
    [refund.status === "failed" ? copy.why : copy.note, refund.failure_reason],
    [
      copy.creditNote,
      refund.credit_note_number
        ? copy.creditNoteState(refund.credit_note_number, refund.credit_note_status === "accepted")
        : null,
    ],
  ];
  return [
    [copy.statusLabel, refundsCopy.status[refund.status]],
    [refundsCopy.review.way, refundsCopy.ways[refund.channel]],
    [copy.order, refund.order_id],
    [copy.when, formatTime(refund.created_at)],
    [copy.by, refund.created_by],
    [refundsCopy.review.reason, refund.reason],
    ...optional.filter((row): row is [string, string] => row[1] !== null),
  ];
}

/** What a pending refund waits for, and the way to send a card refund again. */
function Waiting({ refund }: { refund: RefundView }) {
  const copy = refundsCopy.page;
  if (refund.status !== "pending") return null;
  if (refund.channel === "mpesa") return <p className="mt-4 text-sm text-slate-700">{copy.pendingMpesa}</p>;
  if (refund.channel !== "card" || refund.stripe_refund_id) return null;
  return (
    <form method="post" action={adminRefundPath(refund.refund_id, "/retry")} className="mt-4">
      <p className="text-sm text-slate-700">{copy.pendingCard}</p>
      <button type="submit" className={`${button} mt-2`}>
        {copy.retry}
      </button>
    </form>
  );
}

function StatusBody({ refund, who }: { refund: RefundView; who: string }) {
  const copy = refundsCopy.page;
  return (
    <>
      <AdminHeader current="orders" who={who} />
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">
          {copy.title(formatMoney(refund.amount_cents, refund.currency))}
        </h1>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-refund-status={refund.status}>
          {rowsOf(refund).map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-slate-700">{term}</dt>
              <dd className="min-w-0 whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-900">
                <VisitorText text={value} />
              </dd>
            </div>
          ))}
        </dl>
        <Waiting refund={refund} />
        {refund.credit_note_status === "accepted" && (
          <p className="mt-4">
            <a className={link} href={adminRefundPath(refund.refund_id, "/credit-note")} data-credit-note-link="">
              {refundsCopy.page.creditNoteLink(refund.credit_note_number ?? "")}
            </a>
          </p>
        )}
        <p className="mt-6">
          <a href={orderHref(refund.order_id)} className={secondaryButton}>
            {copy.back}
          </a>
        </p>
      </main>
    </>
  );
}

export function refundStatusPage(refund: RefundView, who: string): Page {
  return {
    path: ADMIN_REFUNDS_PATH,
    title: adminCopy.sectionTitle(refundsCopy.page.title(formatMoney(refund.amount_cents, refund.currency))),
    description: "",
    layout: "back-office",
    render: () => <StatusBody refund={refund} who={who} />,
  };
}
