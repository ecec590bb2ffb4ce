/**
 * The buyer's e-mails of a monthly plan paid by M-Pesa. One shape for all: a headline, our sentences,
 * the plan's facts, a link of ours to act on, and the way to manage the plan. Pure: the same data
 * gives the same e-mail.
 */
import { taxInvoiceMailCopy } from "../etims/tax-invoice-mail.ts";
import { formatKes } from "../lib/kes.ts";
import {
  type Details,
  detailsHtml,
  detailsText,
  escapeHtml,
  footerText,
  htmlFrame,
  link,
  supportHtml,
  supportText,
} from "../mail/mail-layout.ts";
import type { MailContext, MailTemplate } from "../mail/mail-types.ts";
import type { BillingLinkData } from "./billing-link-mail.ts";
import { mpesaPlanMailCopy as copy } from "./mpesa-plan-mail-copy.ts";

/** What every plan e-mail names: the plan (our catalogue's name), its reference and where to manage it. */
type PlanFacts = { planName: string; reference: string; manageUrl: string };

export type PlanStartedData = PlanFacts & { nextDue: string };
export type PlanDueData = PlanFacts & {
  /** 1 on the due date, 2 and 3 the tries after. */
  attempt: number;
  period: string;
  kes: number;
  /** The last three digits of the number prompted; null when no prompt could be sent. */
  promptedTo: string | null;
  payUrl: string;
  paybill: string | null;
};
export type PlanPaidData = PlanFacts & {
  period: string;
  kes: number;
  receipt: { number: string; url: string } | null;
  taxInvoiceFollows: boolean;
  nextDue: string | null;
  endsOn: string | null;
};
export type PlanPastDueData = PlanFacts & { period: string; kes: number; payUrl: string; paybill: string | null };

type Composed = {
  subject: string;
  headline: string;
  paragraphs: string[];
  details?: Details;
  action?: { label: string; url: string };
  after?: string[];
};

const facts = (d: PlanFacts, more: Details = []): Details => [
  [copy.labels.plan, d.planName],
  [copy.labels.reference, d.reference],
  ...more,
];

/** A customer e-mail from what `compose` says; the manage link closes every one but the link's own. */
function planMail<D>(compose: (data: D, company: MailContext["company"]) => Composed, manage?: (d: D) => string) {
  const template: MailTemplate<D> = {
    audience: "customer",
    render(data, { company }) {
      const m = compose(data, company);
      const manageUrl = manage?.(data);
      const text = [
        copy.greeting,
        "",
        ...m.paragraphs.flatMap((p) => [p, ""]),
        ...(m.details ? [detailsText(m.details), ""] : []),
        ...(m.action ? [`${m.action.label}: ${m.action.url}`, ""] : []),
        ...(m.after ?? []).flatMap((p) => [p, ""]),
        ...(manageUrl ? [`${copy.manage} ${manageUrl}`, ""] : []),
        supportText(company),
        "",
        footerText(company),
      ].join("\n");
      const body = [
        `<h1 style="font-size:22px;margin:0 0 16px;">${escapeHtml(m.headline)}</h1>`,
        `<p>${escapeHtml(copy.greeting)}</p>`,
        ...m.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
        m.details ? detailsHtml(m.details) : "",
        m.action ? `<p style="margin:24px 0;">${link(m.action.url, m.action.label)}</p>` : "",
        ...(m.after ?? []).map((p) => `<p>${escapeHtml(p)}</p>`),
        manageUrl ? `<p>${escapeHtml(copy.manage)} ${link(manageUrl, copy.manageLabel)}</p>` : "",
        supportHtml(company),
      ].join("\n");
      return { subject: m.subject, text, html: htmlFrame(company, m.headline, body) };
    },
  };
  return template;
}

const manageOf = (d: PlanFacts) => d.manageUrl;

export const mpesaPlanStarted = planMail<PlanStartedData>(
  (d) => ({
    subject: copy.started.subject(d.planName),
    headline: copy.started.headline,
    paragraphs: [copy.started.intro(d.planName, d.nextDue), copy.started.how],
    details: facts(d, [[copy.labels.nextDue, d.nextDue]]),
  }),
  manageOf,
);

export const mpesaPlanDue = planMail<PlanDueData>(
  (d) => ({
    subject: copy.due.subject(d.planName, d.attempt),
    headline: copy.due.headline(d.attempt),
    paragraphs: [
      copy.due.intro(d.planName, d.period, d.kes),
      d.promptedTo ? copy.due.prompted(d.promptedTo) : copy.due.notPrompted,
      copy.due.payIntro,
    ],
    details: facts(d, [
      [copy.labels.month, d.period],
      [copy.labels.amount, formatKes(d.kes)],
    ]),
    action: { label: copy.due.payLabel, url: d.payUrl },
    after: [...(d.paybill ? [copy.due.paybill(d.paybill, d.reference, d.kes)] : []), copy.due.schedule],
  }),
  manageOf,
);

export const mpesaPlanPaid = planMail<PlanPaidData>(
  (d) => ({
    subject: copy.paid.subject(d.planName),
    headline: copy.paid.headline,
    paragraphs: [
      copy.paid.intro(d.kes, d.period),
      ...(d.endsOn ? [copy.paid.ending(d.endsOn)] : d.nextDue ? [copy.paid.next(d.nextDue)] : []),
    ],
    details: facts(d, [[copy.labels.month, d.period]]),
    ...(d.receipt ? { action: { label: copy.paid.receipt(d.receipt.number), url: d.receipt.url } } : {}),
    ...(d.taxInvoiceFollows ? { after: [taxInvoiceMailCopy.follows] } : {}),
  }),
  manageOf,
);

export const mpesaPlanPastDue = planMail<PlanPastDueData>(
  (d) => ({
    subject: copy.pastDue.subject(d.planName),
    headline: copy.pastDue.headline,
    paragraphs: [copy.pastDue.intro(d.planName, d.period, d.kes)],
    details: facts(d, [
      [copy.labels.month, d.period],
      [copy.labels.amount, formatKes(d.kes)],
    ]),
    action: { label: copy.pastDue.payLabel, url: d.payUrl },
    after: [...(d.paybill ? [copy.pastDue.paybill(d.paybill, d.reference, d.kes)] : []), copy.pastDue.contact],
  }),
  manageOf,
);

/** The one-time link into the plan's page on /billing, asked for there (the card plans' goes to Stripe's portal). */
export const mpesaPlanLink = planMail<BillingLinkData>((d, company) => ({
  subject: copy.link.subject(company.name),
  headline: copy.link.headline,
  paragraphs: [copy.link.intro(company.name)],
  action: { label: copy.link.action, url: d.url },
  after: [copy.link.validity(d.validFor)],
}));
