import { escapeHtml, footerText, htmlFrame, supportHtml, supportText } from "../mail/mail-layout.ts";
import type { MailTemplate } from "../mail/mail-types.ts";
import { type PlanChangeKind, planChangeMailCopy } from "./plan-change-mail-copy.ts";

/**
 * The buyer's confirmation of a plan change. Only our own words, plan names from our catalogue and
 * dates: nothing from Stripe's free text fields reaches it.
 */
export type PlanChangeConfirmedData = {
  change: PlanChangeKind;
  /** "Business, monthly" */
  fromPlan: string;
  toPlan: string;
  /** "1 February 2027" */
  effectiveOn: string;
};

const copy = planChangeMailCopy.buyer;

export const planChangeConfirmed: MailTemplate<PlanChangeConfirmedData> = {
  audience: "customer",
  render(data, { company }) {
    const subject = `${copy.subject[data.change]} – ${company.name}`;
    const sentence = copy[data.change](data.fromPlan, data.toPlan, data.effectiveOn);
    const text = [
      copy.greeting,
      "",
      sentence,
      copy.manage,
      "",
      supportText(company),
      "",
      copy.notYou,
      "",
      footerText(company),
    ].join("\n");
    const body = [
      `<h1 style="font-size:22px;margin:0 0 16px;">${escapeHtml(copy.subject[data.change])}</h1>`,
      `<p>${escapeHtml(copy.greeting)}</p>`,
      `<p>${escapeHtml(sentence)}</p>`,
      `<p>${escapeHtml(copy.manage)}</p>`,
      supportHtml(company),
      `<p style="font-size:14px;color:#4b5563;">${escapeHtml(copy.notYou)}</p>`,
    ].join("\n");
    return { subject, text, html: htmlFrame(company, subject, body) };
  },
};
