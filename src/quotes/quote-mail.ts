import type { WorkContext } from "../http/work-context.ts";
import { formatLongDate } from "../lib/dates.ts";
import {
  adminLinkHtml,
  type Details,
  detailsHtml,
  detailsText,
  escapeHtml,
  footerText,
  htmlFrame,
  linesHtml,
  linesText,
  link,
  subjectText,
  supportHtml,
  supportText,
  totalsHtml,
  totalsText,
} from "../mail/mail-layout.ts";
import type { MailAttachment, MailOrderLine, MailTemplate } from "../mail/mail-types.ts";
import { quoteDocumentByNumber } from "./issue-quote.ts";
import { quoteDocument } from "./quote-document-copy.ts";
import { quoteFilename } from "./quote-filename.ts";

export type QuoteMailData = {
  quoteNumber: string;
  customerName: string;
  customerEmail: string;
  customerCompany: string | null;
  lines: MailOrderLine[];
  dueCents: number;
  monthlyCents: number;
  /** ISO date. */
  validUntil: string;
  /** The site's address: the PDF's links and the quote's page are built on it. */
  siteUrl: string;
  quoteUrl: string;
  adminUrl: string;
};

const DUE = "Due on acceptance";

/**
 * The owner's copy carries the issued document itself: the stored bytes, never a redraw. A quote
 * drawn only now gets the links of the site it was made on (siteUrl), not the queue's origin.
 */
async function quoteAttachment(data: QuoteMailData, context: WorkContext): Promise<MailAttachment[]> {
  const pdf = await quoteDocumentByNumber({ ...context, origin: data.siteUrl }, data.quoteNumber);
  if (!pdf) throw new Error(`Quote ${data.quoteNumber} is not stored`);
  return [{ filename: quoteFilename(data.quoteNumber), type: "application/pdf", content: pdf }];
}

/**
 * What the buyer's copy may say: our words, the number we issued and its keyed link. Anyone can
 * type any address into the form, so nothing the visitor typed (name, company) and no attachment
 * (whose text they chose) ever goes to that address. A payload recorded before this change holds
 * more; only these fields are read.
 */
export type QuoteForBuyerData = Pick<QuoteMailData, "quoteNumber" | "quoteUrl" | "validUntil"> & {
  /** The ways to pay offline the owner had set when the quote was issued (quoteDocument.offline); our words, never the visitor's. */
  payBy?: string[];
};

/** The buyer's copy: fixed text, the quote's page (where the PDF and "Pay online" are). */
export const quoteForBuyer: MailTemplate<QuoteForBuyerData> = {
  audience: "customer",
  render(data, { company }) {
    const subject = `Your quote ${data.quoteNumber} from ${company.name}`;
    const ready = `Your quote ${data.quoteNumber} is ready. Its prices hold until ${formatLongDate(data.validUntil)}.`;
    const open = "Open it online to read it, download its PDF or pay it:";
    const notYou = "If you did not ask us for a quote, you can ignore this e-mail.";
    const payBy = data.payBy ?? [];
    const text = [
      "Hello,",
      "",
      ready,
      "",
      open,
      data.quoteUrl,
      "",
      ...(payBy.length > 0 ? [`${quoteDocument.howToPayHeading}:`, ...payBy.map((way) => `- ${way}`), ""] : []),
      supportText(company),
      "",
      notYou,
      "",
      footerText(company),
    ].join("\n");
    const body = [
      `<h1 style="font-size:22px;margin:0 0 16px;">Your quote ${escapeHtml(data.quoteNumber)}</h1>`,
      "<p>Hello,</p>",
      `<p>${escapeHtml(ready)}</p>`,
      `<p>${escapeHtml(open)}<br>\n${link(data.quoteUrl, "Open your quote")}</p>`,
      ...(payBy.length > 0
        ? [
            `<p style="margin:16px 0 4px;font-weight:bold;">${escapeHtml(quoteDocument.howToPayHeading)}</p>`,
            `<ul>${payBy.map((way) => `<li>${escapeHtml(way)}</li>`).join("")}</ul>`,
          ]
        : []),
      supportHtml(company),
      `<p style="font-size:14px;color:#4b5563;">${escapeHtml(notYou)}</p>`,
    ].join("\n");
    return { subject, text, html: htmlFrame(company, subject, body) };
  },
};

/** The owner's notice of a new quote, with the same PDF: a lead to follow up. */
export const ownerQuote: MailTemplate<QuoteMailData> = {
  audience: "owner",
  attachments: quoteAttachment,
  replyTo: (data) => data.customerEmail,
  render(data, { company }) {
    const subject = `New quote ${data.quoteNumber}: ${subjectText(data.customerName, 60)}`;
    const details: Details = [
      ["Quote", data.quoteNumber],
      ["Customer", data.customerName],
      ["Company", data.customerCompany ?? "-"],
      ["E-mail", data.customerEmail],
      ["Valid until", formatLongDate(data.validUntil)],
    ];
    const text = [
      "A visitor downloaded a quote. The PDF they received is attached; reply to this e-mail to reach them.",
      "",
      detailsText(details),
      "",
      linesText(data.lines),
      "",
      totalsText(data.dueCents, data.monthlyCents, DUE),
      "",
      `View it in the admin: ${data.adminUrl}`,
      "",
      footerText(company),
    ].join("\n");
    const body = [
      `<h1 style="font-size:22px;margin:0 0 16px;">New quote ${escapeHtml(data.quoteNumber)}</h1>`,
      "<p>A visitor downloaded a quote. The PDF they received is attached; reply to this e-mail to reach them.</p>",
      detailsHtml(details),
      linesHtml(data.lines),
      totalsHtml(data.dueCents, data.monthlyCents, DUE),
      `<p>${adminLinkHtml(data.adminUrl)}</p>`,
    ].join("\n");
    return { subject, text, html: htmlFrame(company, subject, body) };
  },
};
