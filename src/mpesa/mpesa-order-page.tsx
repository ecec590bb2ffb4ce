import { ButtonLink, buttonClass } from "../components/ButtonLink.tsx";
import type { IconName } from "../components/Icon.tsx";
import { MpesaPhoneField } from "../components/MpesaPhoneField.tsx";
import { ResultCard } from "../components/ResultCard.tsx";
import { WhatsAppLink } from "../components/WhatsAppLink.tsx";
import { Island } from "../render/island.tsx";
import type { Page } from "../render/page.ts";
import { whatsappCopy } from "../site/whatsapp-copy.ts";
import { mpesaCopy } from "./mpesa-copy.ts";
import type { MpesaOrderView } from "./mpesa-order-state.ts";

const copy = mpesaCopy.waiting;

const icons: Record<MpesaOrderView["state"], { icon: IconName; ring: string }> = {
  pending: { icon: "phone", ring: "bg-accent-50 text-accent-700" },
  paid: { icon: "checkCircle", ring: "bg-brand-50 text-brand-700" },
  failed: { icon: "wallet", ring: "bg-slate-100 text-slate-700" },
};

function Pending({ view }: { view: MpesaOrderView }) {
  return (
    <>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{copy.title}</h1>
      <p className="mt-4 text-lg text-pretty text-slate-700">{copy.pending(view.kes, view.phone)}</p>
      <p className="mt-3 text-sm text-slate-600">{copy.pendingNote}</p>
      <Island.MpesaStatus statusHref={view.statusHref} />
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink href={view.selfHref} variant="outline">
          {copy.refresh}
        </ButtonLink>
        {view.testPhoneHref && (
          <ButtonLink href={view.testPhoneHref} variant="outline">
            {copy.testPhone}
          </ButtonLink>
        )}
      </div>
    </>
  );
}

function Paid({ view }: { view: MpesaOrderView }) {
  return (
    <>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{copy.paidTitle}</h1>
      <p className="mt-4 text-lg text-pretty text-slate-700">{copy.paid(view.kes, view.mpesaReceipt)}</p>
      {view.receiptHref && view.receiptNumber && (
        <p className="mt-6">
          <a href={view.receiptHref} className="font-semibold text-brand-700 underline underline-offset-4">
            {copy.receiptLink(view.receiptNumber)}
          </a>
        </p>
      )}
    </>
  );
}

function Failed({ view }: { view: MpesaOrderView }) {
  return (
    <>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{copy.failedTitle}</h1>
      <p className="mt-4 text-lg text-pretty text-slate-700" role="alert">
        {view.notice ?? view.failure}
      </p>
      <form method="post" action={view.retryAction} className="mt-8 space-y-3 text-left">
        <MpesaPhoneField id="mpesa-retry-phone" name="phone" defaultValue={view.phone} />
        {view.retryKes !== null && (
          <>
            <input type="hidden" name="kes" value={view.retryKes} />
            <p className="text-sm text-slate-700">{copy.retryAmount(view.retryKes)}</p>
          </>
        )}
        <button type="submit" className={`${buttonClass("primary")} w-full`}>
          {copy.tryAgain}
        </button>
      </form>
      <p className="mt-4">
        <a href={view.elsewhere.href} className="font-medium text-brand-700 underline underline-offset-4">
          {view.elsewhere.label}
        </a>
      </p>
    </>
  );
}

const bodies = { pending: Pending, paid: Paid, failed: Failed };

/**
 * The waiting page: pending until M-Pesa answers, then paid (with the receipt) or failed (try
 * again), with the owner's WhatsApp (null when unset) prefilled with the order's reference.
 */
export function mpesaOrderPage(view: MpesaOrderView, whatsapp: string | null): Page {
  const Body = bodies[view.state];
  const tone = icons[view.state];
  return {
    path: view.selfHref,
    title: view.state === "paid" ? copy.paidTitle : view.state === "failed" ? copy.failedTitle : copy.title,
    description: copy.orderRef(view.accountReference),
    noindex: true,
    // A paid cart order is done with the stored cart, as the card success page is.
    ...(view.state === "paid" ? { scripts: ["clear-cart"] as const } : {}),
    render: () => (
      <ResultCard icon={tone.icon} tone={tone.ring}>
        <Body view={view} />
        <WhatsAppLink number={whatsapp} text={whatsappCopy.about(whatsappCopy.order(view.accountReference))} />
        <p className="mt-8 text-sm text-slate-500">{copy.orderRef(view.accountReference)}</p>
      </ResultCard>
    ),
  };
}

/** When a payment could not start from a plain form (no page of its own to answer on). */
export function mpesaNotStartedPage(message: string, back: { href: string; label: string }): Page {
  return {
    path: back.href,
    title: copy.failedTitle,
    description: message,
    noindex: true,
    render: () => (
      <ResultCard icon="wallet" tone="bg-slate-100 text-slate-700">
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900">{copy.failedTitle}</h1>
        <p className="mt-4 text-lg text-pretty text-slate-700" role="alert">
          {message}
        </p>
        <div className="mt-8">
          <ButtonLink href={back.href} variant="outline">
            {back.label}
          </ButtonLink>
        </div>
      </ResultCard>
    ),
  };
}
