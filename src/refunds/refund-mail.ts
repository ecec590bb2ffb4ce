/**
 * The buyer's e-mail once a refund succeeded (kind "refund-made"): how much of which payment, and
 * how it comes back. Fixed text and amounts only, to the order's own address.
 */
import { escapeHtml, footerText, htmlFrame, supportHtml, supportText } from "../mail/mail-layout.ts";
import type { MailTemplate } from "../mail/mail-types.ts";
import { refundMailCopy as copy } from "./refund-mail-copy.ts";
import type { RefundWay } from "./refunds-copy.ts";

export type RefundMailData = {
  customerName: string;
  orderId: string;
  /** The refund and the payment it refunds, each formatted in the payment's currency. */
  amount: string;
  paymentAmount: string;
  way: RefundWay;
};

export const refundMade: MailTemplate<RefundMailData> = {
  audience: "customer",
  render(data, { company }) {
    const subject = copy.subject(data.amount, company.name);
    const whole = data.amount === data.paymentAmount;
    const done = whole ? copy.whole(data.amount) : copy.refunded(data.amount, data.paymentAmount);
    const paragraphs = [done, copy.way[data.way], copy.order(data.orderId), copy.records];
    const text = [
      `Dear ${data.customerName},`,
      "",
      ...paragraphs.flatMap((p) => [p, ""]),
      supportText(company),
      "",
      footerText(company),
    ].join("\n");
    const body = [
      `<h1 style="font-size:22px;margin:0 0 16px;">${escapeHtml(copy.heading)}</h1>`,
      `<p>Dear ${escapeHtml(data.customerName)},</p>`,
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      supportHtml(company),
    ].join("\n");
    return { subject, text, html: htmlFrame(company, subject, body) };
  },
};
