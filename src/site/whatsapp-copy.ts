import { company } from "./company-copy.ts";

/**
 * WhatsApp's click-to-chat: a link to wa.me with a message the buyer can still edit, naming the
 * quote or order it is about. The number is the owner's setting (payments/payment-details.ts);
 * without it no link is shown.
 */
export const whatsappCopy = {
  link: "Message us on WhatsApp",
  /** Said beside the link: it leaves the site, and WhatsApp then sees the chat. */
  hint: "Opens WhatsApp with a message you can edit before sending.",
  general: `Hello ${company.name}, I have a question.`,
  about: (subject: string) => `Hello ${company.name}, I have a question about ${subject}.`,
  /** An order by its short reference: the quote's number when it pays one (Q-…), else ORD-…. */
  order: (reference: string) => (reference.startsWith("Q-") ? `quote ${reference}` : `order ${reference}`),
};

/** wa.me takes the number in international form without "+" and the text URL-encoded. */
export const whatsappHref = (number: string, text: string): string =>
  `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
