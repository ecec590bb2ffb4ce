import { escapeHtml, footerText, htmlFrame, supportHtml, supportText } from "../mail/mail-layout.ts";
import type { MailTemplate } from "../mail/mail-types.ts";

/** Nothing: the acknowledgement repeats nothing a visitor typed (see below). */
export type ContactAckData = Record<string, never>;

const REPLY_PROMISE = "We'll get back to you within 24 hours.";

/**
 * The sender's acknowledgement. Anyone can type any address into the form, so this e-mail is fixed
 * text: no name, message or link of theirs, nothing that makes it worth sending to a stranger.
 */
export const contactAck: MailTemplate<ContactAckData> = {
  audience: "customer",
  render(_data, { company }) {
    const subject = `We received your message – ${company.name}`;
    const thanks = `Thank you for contacting ${company.name}. We have received your message.`;
    const notYou = "If you did not send us a message, you can ignore this e-mail.";
    const text = [
      "Hello,",
      "",
      thanks,
      REPLY_PROMISE,
      "",
      supportText(company),
      "",
      notYou,
      "",
      footerText(company),
    ].join("\n");
    const body = [
      `<h1 style="font-size:22px;margin:0 0 16px;">We received your message</h1>`,
      "<p>Hello,</p>",
      `<p>${escapeHtml(thanks)}<br>\n<strong>${escapeHtml(REPLY_PROMISE)}</strong></p>`,
      supportHtml(company),
      `<p style="font-size:14px;color:#4b5563;">${escapeHtml(notYou)}</p>`,
    ].join("\n");
    return { subject, text, html: htmlFrame(company, subject, body) };
  },
};
