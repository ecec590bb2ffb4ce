/**
 * The buyer's e-mail once KRA has registered a sale: the link to the tax invoice (the receipt's own
 * link, which now serves the tax invoice). The paid e-mail said it would follow.
 */
import { escapeHtml, footerText, htmlFrame, link, supportHtml, supportText } from "../mail/mail-layout.ts";
import type { MailTemplate } from "../mail/mail-types.ts";

export type TaxInvoiceMailData = {
  customerName: string;
  /** Our invoice number (INV-2026-00001) and KRA's receipt number for it. */
  invoiceNumber: string;
  kraReceiptNumber: number;
  url: string;
};

export const taxInvoiceMailCopy = {
  subject: (invoice: string, company: string) => `Your tax invoice ${invoice}: ${company}`,
  heading: "Your tax invoice",
  registered: (invoice: string, kra: number) =>
    `KRA has registered your payment through eTIMS. Your tax invoice ${invoice} (KRA receipt number ${kra}) is ready.`,
  download: (invoice: string) => `Download your tax invoice ${invoice} (PDF)`,
  claim: "Keep it with your records: a business can claim its VAT and expense only with an eTIMS invoice.",
  /** Under the paid e-mail's order, in place of the receipt's link while KRA registers the sale. */
  follows: "Your KRA eTIMS tax invoice follows in a separate e-mail as soon as KRA has registered the payment.",
};

export const taxInvoiceMail: MailTemplate<TaxInvoiceMailData> = {
  audience: "customer",
  render(data, { company }) {
    const copy = taxInvoiceMailCopy;
    const subject = copy.subject(data.invoiceNumber, company.name);
    const registered = copy.registered(data.invoiceNumber, data.kraReceiptNumber);
    const text = [
      `Dear ${data.customerName},`,
      "",
      registered,
      "",
      `${copy.download(data.invoiceNumber)}: ${data.url}`,
      "",
      copy.claim,
      "",
      supportText(company),
      "",
      footerText(company),
    ].join("\n");
    const body = [
      `<h1 style="font-size:22px;margin:0 0 16px;">${escapeHtml(copy.heading)}</h1>`,
      `<p>Dear ${escapeHtml(data.customerName)},</p>`,
      `<p>${escapeHtml(registered)}</p>`,
      `<p>${link(data.url, copy.download(data.invoiceNumber))}</p>`,
      `<p>${escapeHtml(copy.claim)}</p>`,
      supportHtml(company),
    ].join("\n");
    return { subject, text, html: htmlFrame(company, subject, body) };
  },
};
