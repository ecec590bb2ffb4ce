import type { ReactNode } from "react";
import { ButtonLink, buttonClass } from "../components/ButtonLink.tsx";
import type { IconName } from "../components/Icon.tsx";
import { MpesaPhoneField } from "../components/MpesaPhoneField.tsx";
import { ResultCard } from "../components/ResultCard.tsx";
import { formatMoney } from "../lib/money.ts";
import { BILLING_PATH, BILLING_PLAN_PATH, BILLING_PLAN_PAY_PATH, paths } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { billingCopy } from "./billing-copy.ts";
import { mpesaPlanCopy } from "./mpesa-plan-copy.ts";
import type { Cancellation, PayView, PlanView } from "./mpesa-plan-manage.ts";

const copy = mpesaPlanCopy;
const brand = "bg-brand-50 text-brand-700";

/** A notice after an action (role status) or a problem (role alert), above the page's forms. */
export type Shown = { notice?: string | undefined; problem?: string | undefined };

function Card({
  icon,
  tone = brand,
  title,
  children,
}: {
  icon: IconName;
  tone?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <ResultCard icon={icon} tone={tone}>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {children}
    </ResultCard>
  );
}

function Said({ shown }: { shown: Shown }) {
  return (
    <>
      {shown.notice && (
        <p
          role="status"
          className="mt-6 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-left text-slate-800"
        >
          {shown.notice}
        </p>
      )}
      {shown.problem && (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-left text-red-800">
          {shown.problem}
        </p>
      )}
    </>
  );
}

/** A one-button form of the plan's page: its one-time token and the action. */
function ActionForm({
  token,
  action,
  label,
  variant = "primary",
  children,
}: {
  token: string;
  action: string;
  label: string;
  variant?: "primary" | "outline";
  children?: ReactNode;
}) {
  return (
    <form method="post" action={BILLING_PLAN_PATH} className="mt-4 text-left">
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="action" value={action} />
      {children}
      <button type="submit" className={`${buttonClass(variant)} mt-4 w-full sm:w-auto`}>
        {label}
      </button>
    </form>
  );
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-2 text-left sm:grid-cols-[auto_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-slate-700">{label}</dt>
          <dd className="text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function planFacts(view: PlanView): [string, string][] {
  const { labels } = copy.manage;
  return [
    [labels.reference, view.reference],
    [labels.status, copy.manage.status[view.status] ?? view.status],
    [labels.monthly, copy.manage.monthly(formatMoney(view.monthlyCents))],
    ...(view.ended ? [] : [[view.ending ? labels.endsOn : labels.nextDue, view.paidUntil] as [string, string]]),
    [labels.phone, view.phone],
  ];
}

const page = (path: string, title: string, render: () => ReactNode): Page => ({
  path,
  title,
  description: copy.meta.description,
  noindex: true,
  render: () => <>{render()}</>,
});

function ManageForms({ view, token }: { view: PlanView; token: string }) {
  const m = copy.manage;
  return (
    <>
      {view.due && (
        <section className="mt-8 text-left" aria-labelledby="plan-due">
          <p id="plan-due" className="font-semibold text-slate-900">
            {m.due(view.due.period, view.due.kes)}
          </p>
          <ActionForm token={token} action="pay" label={m.payNow} />
        </section>
      )}
      <section className="mt-8 border-t border-slate-200 pt-6 text-left" aria-labelledby="plan-phone">
        <h2 id="plan-phone" className="text-lg font-bold text-slate-900">
          {m.phoneHeading}
        </h2>
        <ActionForm token={token} action="phone" label={m.phoneSave} variant="outline">
          <div className="mt-3 max-w-sm">
            <MpesaPhoneField id="plan-phone-number" name="phone" defaultValue={view.phone} />
          </div>
        </ActionForm>
      </section>
      {!view.ending && (
        <section className="mt-8 border-t border-slate-200 pt-6 text-left" aria-labelledby="plan-cancel">
          <h2 id="plan-cancel" className="text-lg font-bold text-slate-900">
            {m.cancelHeading}
          </h2>
          <p className="mt-2 text-slate-700">{view.due ? m.cancelNow : m.cancelAtEnd(view.paidUntil)}</p>
          <ActionForm token={token} action="cancel" label={m.cancelButton} variant="outline" />
        </section>
      )}
      <p className="mt-8 text-sm text-slate-600">{m.expires}</p>
    </>
  );
}

/** The plan's own page; `token` is null for an ended plan (nothing to change). */
export function planManagePage(view: PlanView, token: string | null, shown: Shown = {}): Page {
  const m = copy.manage;
  return page(BILLING_PLAN_PATH, m.title, () => (
    <Card icon="wallet" title={m.title}>
      <p className="mt-4 text-lg text-pretty text-slate-700">{m.intro(view.planName)}</p>
      <Said shown={shown} />
      <Facts rows={planFacts(view)} />
      {view.ending && !view.ended && <p className="mt-6 text-left text-slate-700">{m.ending(view.paidUntil)}</p>}
      {view.ended || !token ? (
        <p className="mt-6 text-left text-slate-700">{m.ended}</p>
      ) : (
        <ManageForms view={view} token={token} />
      )}
    </Card>
  ));
}

/** The confirmation step before cancelling. */
export function planCancelConfirmPage(view: PlanView, token: string): Page {
  const m = copy.manage;
  return page(BILLING_PLAN_PATH, copy.confirm.title, () => (
    <Card icon="clock" tone="bg-accent-50 text-accent-700" title={copy.confirm.title}>
      <p className="mt-4 text-lg text-pretty text-slate-700">
        {view.due ? m.cancelNow : m.cancelAtEnd(view.paidUntil)}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-center sm:gap-4">
        <ActionForm token={token} action="cancel-confirm" label={copy.confirm.yes} />
        <ActionForm token={token} action="view" label={copy.confirm.no} variant="outline" />
      </div>
    </Card>
  ));
}

export function planCanceledPage(result: Exclude<Cancellation, { kind: "already" }>): Page {
  const c = copy.canceled;
  return page(BILLING_PLAN_PATH, c.title, () => (
    <Card icon="mail" title={c.title}>
      <p role="status" className="mt-4 text-lg text-pretty text-slate-700">
        {result.kind === "scheduled" ? c.scheduled(result.endsOn) : c.ended}
      </p>
      <div className="mt-8 flex justify-center">
        <ButtonLink href={paths.home} variant="outline">
          {billingCopy.back.label}
        </ButtonLink>
      </div>
    </Card>
  ));
}

/** A month's pay page (its e-mails link here): the amount, a button that sends the prompt, and the paybill way. */
export function planPayPage(view: PayView, paybill: string | null, shown: Shown = {}): Page {
  const p = copy.pay;
  return page(BILLING_PLAN_PAY_PATH, p.title, () => (
    <Card icon="wallet" title={shown.notice ? p.sentTitle : p.title}>
      <p className="mt-4 text-lg text-pretty text-slate-700">{p.intro(view.planName, view.due.period, view.due.kes)}</p>
      <Said shown={shown} />
      {!shown.notice && (
        <form method="post" action={BILLING_PLAN_PAY_PATH} className="mt-6">
          <input type="hidden" name="k" value={view.payKey} />
          <p className="text-slate-700">{p.promptTo(view.phone)}</p>
          <button type="submit" className={`${buttonClass("primary")} mt-4 w-full sm:w-auto`}>
            {p.button(view.due.kes)}
          </button>
        </form>
      )}
      {paybill && <p className="mt-6 text-slate-700">{p.paybill(paybill, view.reference, view.due.kes)}</p>}
      <p className="mt-6 text-sm text-slate-600">
        <a className="underline underline-offset-2" href={BILLING_PATH}>
          {p.manage}
        </a>
      </p>
    </Card>
  ));
}

/** A pay link with nothing to pay: paid, ended, or (known false) not a link of ours. */
export function planPayGonePage(known: boolean): Page {
  const p = copy.pay;
  const title = known ? p.nothingTitle : p.unknownTitle;
  return page(BILLING_PLAN_PAY_PATH, title, () => (
    <Card icon="clock" tone="bg-slate-100 text-slate-700" title={title}>
      <p role={known ? "status" : "alert"} className="mt-4 text-lg text-pretty text-slate-700">
        {known ? p.nothing : p.unknown}
      </p>
      <div className="mt-8 flex justify-center">
        <ButtonLink href={paths.home} variant="outline">
          {billingCopy.back.label}
        </ButtonLink>
      </div>
    </Card>
  ));
}

/** A request the plan's pages could not act on (unreadable, too large, too many): why, and the way back. */
export function planProblemPage(text: string): Page {
  return page(BILLING_PLAN_PATH, copy.meta.title, () => (
    <Card icon="clock" tone="bg-accent-50 text-accent-700" title={copy.meta.title}>
      <p role="alert" className="mt-4 text-lg text-pretty text-slate-700">
        {text}
      </p>
      <div className="mt-8 flex justify-center">
        <ButtonLink href={BILLING_PATH} variant="outline">
          {billingCopy.link.ask}
        </ButtonLink>
      </div>
    </Card>
  ));
}
