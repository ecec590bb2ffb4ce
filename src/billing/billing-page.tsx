import type { ReactElement, ReactNode } from "react";
import { ButtonLink, buttonClass } from "../components/ButtonLink.tsx";
import type { IconName } from "../components/Icon.tsx";
import { ResultCard } from "../components/ResultCard.tsx";
import { BILLING_OPEN_PATH, BILLING_PATH } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { billingCopy } from "./billing-copy.ts";

const copy = billingCopy;

/** What /billing shows: the form (with a problem, after a refused try), or the "check your e-mail" answer. */
export type BillingView =
  | { kind: "form"; problem?: string | undefined; email?: string | undefined }
  | { kind: "sent" }
  | { kind: "unavailable" };

/** A plain form: it works without JavaScript, and the answer never says whether the address is known. */
function BillingForm({ problem, email }: { problem?: string | undefined; email?: string | undefined }) {
  return (
    <form method="post" action={BILLING_PATH} className="mt-8 text-left" noValidate>
      <label htmlFor="billing-email" className="block text-sm font-semibold text-slate-900">
        {copy.emailLabel}
      </label>
      <input
        id="billing-email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={email}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? "billing-problem" : undefined}
        className="mt-2 block w-full rounded-md border border-slate-300 px-3 py-2.5 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none"
      />
      {problem && (
        <p id="billing-problem" role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      <button type="submit" className={`${buttonClass("primary")} mt-6 w-full sm:w-auto`}>
        {copy.submit}
      </button>
    </form>
  );
}

/** One billing answer: an icon, a heading, a line (an alert when it reports a problem), and what follows. */
function BillingCard({
  icon,
  tone,
  title,
  text,
  role,
  children,
}: {
  icon: IconName;
  tone: string;
  title: string;
  text: string;
  role?: "alert" | "status";
  children?: ReactNode;
}) {
  return (
    <ResultCard icon={icon} tone={tone}>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-pretty text-slate-700" role={role}>
        {text}
      </p>
      {children}
    </ResultCard>
  );
}

const brand = "bg-brand-50 text-brand-700";

function billingView(view: BillingView) {
  if (view.kind === "sent") {
    return (
      <BillingCard icon="mail" tone={brand} title={copy.sent.title} text={copy.sent.text} role="status">
        <p className="mt-4 text-sm text-slate-600">{copy.sent.again}</p>
        <div className="mt-8 flex justify-center">
          <ButtonLink href={copy.back.href} variant="outline">
            {copy.back.label}
          </ButtonLink>
        </div>
      </BillingCard>
    );
  }
  if (view.kind === "unavailable") {
    const { title, text } = copy.unavailable;
    return (
      <BillingCard icon="wallet" tone="bg-slate-100 text-slate-700" title={title} text={text} role="alert">
        <BillingForm />
      </BillingCard>
    );
  }
  return (
    <BillingCard icon="wallet" tone={brand} title={copy.title} text={copy.intro}>
      <p className="mt-4 text-sm text-pretty text-slate-600">{copy.policy}</p>
      <BillingForm problem={view.problem} email={view.email} />
    </BillingCard>
  );
}

function billingPageOf(path: string, title: string, render: () => ReactElement): Page {
  return { path, title, description: copy.meta.description, render };
}

export function billingPage(view: BillingView): Page {
  return billingPageOf(BILLING_PATH, copy.meta.title, () => billingView(view));
}

/** A one-time link that no longer works: why, and the form to ask for another. */
export function billingLinkProblemPage(reason: "unknown" | "expired" | "used"): Page {
  return billingPageOf(BILLING_PATH, copy.link.title, () => (
    <BillingCard
      icon="clock"
      tone="bg-accent-50 text-accent-700"
      title={copy.link.title}
      text={copy.link[reason]}
      role="alert"
    >
      <BillingForm />
    </BillingCard>
  ));
}

/**
 * The landing page of an e-mailed link, to Stripe's portal or an M-Pesa plan's page. Opening it is a
 * POST from this page, not the GET of the link: mail scanners that follow links would otherwise use
 * up a one-time link before the buyer.
 */
export function billingOpenPage(token: string, opens: "portal" | "plan"): Page {
  const words = opens === "plan" ? copy.open.plan : copy.open;
  return billingPageOf(BILLING_OPEN_PATH, copy.open.title, () => (
    <BillingCard icon="wallet" tone={brand} title={copy.open.title} text={words.text}>
      <form method="post" action={BILLING_OPEN_PATH} className="mt-8">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className={buttonClass("primary")}>
          {words.button}
        </button>
      </form>
    </BillingCard>
  ));
}

/**
 * Stripe's portal is ready: a link the buyer follows. Not a redirect: the page's policy lets forms
 * post only to the site itself (form-action 'self'), and that covers where a form's answer redirects.
 */
export function billingPortalReadyPage(portalUrl: string): Page {
  return billingPageOf(BILLING_PATH, copy.ready.title, () => (
    <BillingCard icon="wallet" tone={brand} title={copy.ready.title} text={copy.ready.text}>
      <div className="mt-8 flex justify-center">
        <ButtonLink href={portalUrl}>{copy.ready.link}</ButtonLink>
      </div>
    </BillingCard>
  ));
}
