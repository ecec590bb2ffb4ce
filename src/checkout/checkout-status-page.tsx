import { billingCopy } from "../billing/billing-copy.ts";
import { ButtonLink, buttonClass } from "../components/ButtonLink.tsx";
import { Icon, type IconName } from "../components/Icon.tsx";
import { ResultCard } from "../components/ResultCard.tsx";
import { WhatsAppLink } from "../components/WhatsAppLink.tsx";
import { formatMoney } from "../lib/money.ts";
import type { OrderItemRow } from "../orders/orders.ts";
import { BILLING_FROM_ORDER_PATH, paths } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { whatsappCopy } from "../site/whatsapp-copy.ts";
import {
  notPaidStatus,
  orderRecapCopy,
  paidStatus,
  pendingStatus,
  type StatusCopy,
  unknownStatus,
} from "./checkout-status-copy.ts";
import type { OrderChat, SuccessState } from "./success-status.ts";

/** The order as the buyer may see it on their own success link: what was bought, never who bought it. */
type OrderRecap = {
  items: Pick<OrderItemRow, "name" | "quantity" | "unit_amount_cents" | "recurring">[];
  totalCents: number;
};

type Tone = { icon: IconName; ring: string };

const tones: Record<"paid" | "pending" | "not-paid" | "unknown", Tone> = {
  paid: { icon: "checkCircle", ring: "bg-brand-50 text-brand-700" },
  pending: { icon: "clock", ring: "bg-accent-50 text-accent-700" },
  "not-paid": { icon: "wallet", ring: "bg-slate-100 text-slate-700" },
  unknown: { icon: "search", ring: "bg-slate-100 text-slate-700" },
};

function Recap({ recap }: { recap: OrderRecap }) {
  return (
    <section aria-labelledby="order-recap-heading" className="mt-8 border-t border-slate-200 pt-6 text-left">
      <h2 id="order-recap-heading" className="text-base font-semibold text-slate-900">
        {orderRecapCopy.heading}
      </h2>
      <ul className="mt-3 space-y-2 text-sm text-slate-700">
        {recap.items.map((item) => (
          <li key={item.name} className="flex justify-between gap-4">
            <span>
              {item.name} <span className="text-slate-500">{orderRecapCopy.quantity(item.quantity)}</span>
            </span>
            <span className="shrink-0 tabular-nums">
              {formatMoney(item.unit_amount_cents * item.quantity)}
              {item.recurring === 1 && <span className="text-slate-500"> {orderRecapCopy.perMonth}</span>}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex justify-between border-t border-slate-200 pt-3 font-semibold text-slate-900">
        <span>{orderRecapCopy.total}</span>
        <span className="tabular-nums">{formatMoney(recap.totalCents)}</span>
      </p>
    </section>
  );
}

function StatusCard({
  copy,
  tone,
  recap,
  selfHref,
  manageSessionId,
  whatsapp,
}: {
  copy: StatusCopy;
  tone: Tone;
  recap?: OrderRecap;
  selfHref: string;
  /** A paid subscription order: the buyer may open Stripe's billing portal from here. */
  manageSessionId?: string | undefined;
  /** An order not paid: the owner's WhatsApp, prefilled with the order's reference (none when unset). */
  whatsapp?: OrderChat | undefined;
}) {
  return (
    <ResultCard icon={tone.icon} tone={tone.ring}>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{copy.title}</h1>
      <p className="mt-4 text-lg text-pretty text-slate-700">{copy.text}</p>
      {copy.note && (
        <p className="mt-6 flex items-start gap-3 rounded-lg bg-brand-50 px-4 py-3 text-left text-sm text-brand-900">
          <Icon name="mail" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          {copy.note}
        </p>
      )}
      {recap && <Recap recap={recap} />}
      {manageSessionId && (
        <form method="post" action={BILLING_FROM_ORDER_PATH} className="mt-6">
          <input type="hidden" name="session_id" value={manageSessionId} />
          <button type="submit" className={buttonClass("outline")}>
            {billingCopy.fromOrder.button}
          </button>
        </form>
      )}
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {copy.actions.map((action) => (
          <ButtonLink key={action.label} href={action.href || selfHref} variant={action.variant}>
            {action.label}
          </ButtonLink>
        ))}
      </div>
      {whatsapp && <WhatsAppLink number={whatsapp.number} text={whatsappCopy.about(whatsapp.reference)} />}
    </ResultCard>
  );
}

function statusPage(
  kind: keyof typeof tones,
  copy: StatusCopy,
  selfHref: string,
  recap?: OrderRecap,
  manageSessionId?: string,
  whatsapp?: OrderChat,
): Page {
  // The success entry removes the stored cart: right once the order exists and is paid or paying.
  const clearsCart = kind === "paid" || kind === "pending";
  return {
    path: paths.checkoutSuccess,
    title: copy.meta.title,
    description: copy.meta.description,
    ...(clearsCart ? { scripts: ["clear-cart"] } : {}),
    render: () => (
      <StatusCard
        copy={copy}
        tone={tones[kind]}
        selfHref={selfHref}
        manageSessionId={manageSessionId}
        whatsapp={whatsapp}
        {...(recap ? { recap } : {})}
      />
    ),
  };
}

const copies = { paid: paidStatus, pending: pendingStatus, "not-paid": notPaidStatus, unknown: unknownStatus };

/**
 * The page for a success link that carried a session id; null for the spec's plain page. An order
 * not paid offers the owner's WhatsApp (`chat`), naming the order.
 */
export function checkoutStatusPage(state: SuccessState, orderId: string, chat?: OrderChat): Page | null {
  if (state.kind === "no-session") return null;
  const selfHref = `${paths.checkoutSuccess}?session_id=${encodeURIComponent(orderId)}`;
  if (state.kind === "unknown") return statusPage("unknown", unknownStatus, selfHref);
  const recap = { items: state.order.items, totalCents: state.order.total_cents };
  const { order } = state;
  const manageable = state.kind === "paid" && order.mode === "subscription" && order.stripe_customer_id !== null;
  if (state.kind === "not-paid") return statusPage(state.kind, copies[state.kind], selfHref, recap, undefined, chat);
  return statusPage(state.kind, copies[state.kind], selfHref, recap, manageable ? orderId : undefined);
}
