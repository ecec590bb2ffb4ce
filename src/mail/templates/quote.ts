import { quoteFilename } from "../../quotes/filename.ts";
import { getQuote } from "../../quotes/repository.ts";
import type { MailAttachment, MailOrderLine, MailTemplate } from "../types.ts";
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
} from "./layout.ts";

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

const validity = (iso: string): string =>
  new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Africa/Nairobi",
  });

/** The quote's PDF, drawn again from its stored row: the outbox keeps data, never files. */
async function quoteAttachment(data: QuoteMailData, env: Env): Promise<MailAttachment[]> {
  const quote = await getQuote(env.DB, data.quoteNumber);
  if (!quote) throw new Error(`Quote ${data.quoteNumber} is not stored`);
  // Loaded when needed, as the route does: the PDF library stays out of every other e-mail's work.
  const { quotePdf } = await import("../../quotes/document.ts");
  return [
    { filename: quoteFilename(quote.number), type: "application/pdf", content: await quotePdf(quote, data.siteUrl) },
  ];
}

/** The buyer's copy: the PDF attached, the totals, the quote's page (where "Pay online" is). */
export const quoteForBuyer: MailTemplate<QuoteMailData> = {
  audience: "customer",
  attachments: quoteAttachment,
  render(data, { company }) {
    const subject = `Your quote ${data.quoteNumber} from ${company.name}`;
    const intro = `Thank you for your interest. Your quote ${data.quoteNumber} is attached as a PDF; its prices hold until ${validity(data.validUntil)}.`;
    const pay = "To accept it, pay online from the quote's page, or by bank transfer or M-Pesa as the PDF explains.";
    const noObligation = "This quote is free and places you under no obligation.";
    const text = [
      `Dear ${data.customerName},`,
      "",
      intro,
      "",
      linesText(data.lines),
      "",
      totalsText(data.dueCents, data.monthlyCents, DUE),
      "",
      pay,
      `Your quote online: ${data.quoteUrl}`,
      "",
      noObligation,
      "",
      supportText(company),
      "",
      footerText(company),
    ].join("\n");
    const body = [
      `<h1 style="font-size:22px;margin:0 0 16px;">Your quote ${escapeHtml(data.quoteNumber)}</h1>`,
      `<p>Dear ${escapeHtml(data.customerName)},</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      linesHtml(data.lines),
      totalsHtml(data.dueCents, data.monthlyCents, DUE),
      `<p>${escapeHtml(pay)}</p>`,
      `<p>${link(data.quoteUrl, "Open your quote online")}</p>`,
      `<p>${escapeHtml(noObligation)}</p>`,
      supportHtml(company),
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
      ["Valid until", validity(data.validUntil)],
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
