import {
  adminLinkHtml,
  type Details,
  detailsHtml,
  detailsText,
  escapeHtml,
  footerText,
  htmlFrame,
  subjectText,
} from "./mail-layout.ts";
import type { MailTemplate } from "./mail-types.ts";

/** Something about an order the owner must know or act on; the facts are a list of details. */
export type OwnerNoticeData = {
  /** Who the notice is about, for the subject (a customer's name: header-safe there). */
  customerName: string;
  /** What happened, in one sentence of ours (never a visitor's text). */
  summary: string;
  details: Details;
  adminUrl: string;
};

/** One template for the owner's order notices; each kind gives its own headline. */
export function ownerNotice(headline: string): MailTemplate<OwnerNoticeData> {
  return {
    audience: "owner",
    render(data, { company }) {
      const subject = `${headline}: ${subjectText(data.customerName)}`;
      const text = [
        data.summary,
        "",
        detailsText(data.details),
        "",
        `View it in the admin: ${data.adminUrl}`,
        "",
        footerText(company),
      ].join("\n");
      const admin = adminLinkHtml(data.adminUrl);
      const body = [
        `<h1 style="font-size:22px;margin:0 0 16px;">${escapeHtml(headline)}</h1>`,
        `<p>${escapeHtml(data.summary)}</p>`,
        detailsHtml(data.details),
        `<p>${admin}</p>`,
      ].join("\n");
      return { subject, text, html: htmlFrame(company, headline, body) };
    },
  };
}
