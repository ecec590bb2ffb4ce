import { taxInvoiceMailCopy } from "../etims/tax-invoice-mail.ts";
import { formatMoney } from "../lib/money.ts";
import {
  escapeHtml,
  footerText,
  htmlFrame,
  linesHtml,
  linesText,
  supportHtml,
  supportText,
  totalsHtml,
  totalsText,
} from "./mail-layout.ts";
import type { MailOrderLine, MailTemplate } from "./mail-types.ts";

export type OrderConfirmedData = {
  orderId: string;
  customerName: string;
  lines: MailOrderLine[];
  paidTodayCents: number;
  monthlyCents: number;
  /** What was paid when it was not US dollars by card (M-Pesa in shillings, a bank transfer). */
  payment?: { amountCents: number; currency: string; method: string };
  /** The payment's numbered receipt (a PDF link). */
  receipt?: { number: string; url: string };
  /** KRA is registering the sale: its tax invoice comes in an e-mail of its own (in place of the receipt's link). */
  taxInvoiceFollows?: boolean;
};

const NEXT_STEPS = "We will contact you within one business day to schedule your services.";

/** The buyer's receipt: what they bought, what they paid, what recurs, and who to call. */
export const orderConfirmed: MailTemplate<OrderConfirmedData> = {
  audience: "customer",
  render(data, { company }) {
    const subject = `Order confirmed: ${company.name}`;
    const paid = data.payment
      ? `${formatMoney(data.payment.amountCents, data.payment.currency)} by ${data.payment.method}`
      : formatMoney(data.paidTodayCents);
    const thanks = `Thank you for your order. We've received your payment of ${paid}.`;
    const receipt = data.taxInvoiceFollows
      ? taxInvoiceMailCopy.follows
      : data.receipt
        ? `Your receipt ${data.receipt.number}: ${data.receipt.url}`
        : null;
    const text = [
      `Dear ${data.customerName},`,
      "",
      thanks,
      "",
      `Order reference: ${data.orderId}`,
      "",
      linesText(data.lines),
      "",
      totalsText(data.paidTodayCents, data.monthlyCents),
      "",
      ...(receipt ? [receipt, ""] : []),
      `Next steps: ${NEXT_STEPS}`,
      "",
      supportText(company),
      "",
      footerText(company),
    ].join("\n");
    const body = [
      `<h1 style="font-size:22px;margin:0 0 16px;">Order confirmed</h1>`,
      `<p>Dear ${escapeHtml(data.customerName)},</p>`,
      `<p>${escapeHtml(thanks)}</p>`,
      `<p>Order reference: <strong>${escapeHtml(data.orderId)}</strong></p>`,
      linesHtml(data.lines),
      totalsHtml(data.paidTodayCents, data.monthlyCents),
      data.taxInvoiceFollows
        ? `<p>${escapeHtml(taxInvoiceMailCopy.follows)}</p>`
        : data.receipt
          ? `<p><a href="${escapeHtml(data.receipt.url)}">Download your receipt ${escapeHtml(data.receipt.number)} (PDF)</a></p>`
          : "",
      `<h2 style="font-size:18px;margin:24px 0 8px;">Next steps</h2>`,
      `<p>${escapeHtml(NEXT_STEPS)}</p>`,
      supportHtml(company),
    ].join("\n");
    return { subject, text, html: htmlFrame(company, subject, body) };
  },
};
