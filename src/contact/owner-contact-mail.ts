import {
  type Details,
  detailsHtml,
  detailsText,
  escapeHtml,
  footerText,
  htmlFrame,
  subjectText,
} from "../mail/mail-layout.ts";
import type { MailTemplate } from "../mail/mail-types.ts";

export type OwnerContactData = {
  messageId: number;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  message: string;
};

/** Escaped, with the sender's line breaks kept (HTML would otherwise fold them into spaces). */
const escapeMultiline = (value: string): string => escapeHtml(value).replace(/\n/g, "<br>\n");

/** A contact-form message for the owner, Reply-To the sender so answering is one click. */
export const ownerContact: MailTemplate<OwnerContactData> = {
  audience: "owner",
  replyTo: (data) => data.email,
  render(data, { company }) {
    const subject = `New message from ${subjectText(data.name)}`;
    const details: Details = [
      ["Name", data.name],
      ["E-mail", data.email],
      ["Company", data.company ?? "-"],
      ["Phone", data.phone ?? "-"],
      ["Message no.", String(data.messageId)],
    ];
    const message = data.message.replace(/\r\n?/g, "\n");
    const text = [
      "A new message arrived through the contact form. Reply to this e-mail to answer the sender.",
      "",
      detailsText(details),
      "",
      "Message:",
      message,
      "",
      footerText(company),
    ].join("\n");
    const body = [
      `<h1 style="font-size:22px;margin:0 0 16px;">New contact message</h1>`,
      "<p>Reply to this e-mail to answer the sender.</p>",
      detailsHtml(details),
      `<h2 style="font-size:18px;margin:16px 0 8px;">Message</h2>`,
      `<p style="padding:12px 16px;background-color:#f3f4f6;border-left:4px solid #17655c;overflow-wrap:anywhere;word-break:break-word;">${escapeMultiline(message)}</p>`,
    ].join("\n");
    return { subject, text, html: htmlFrame(company, "New contact message", body) };
  },
};
