import { lazyOnce } from "../lib/lazy-once.ts";
import { wellFormedText } from "../lib/well-formed-text.ts";
import { z } from "../lib/zod.ts";

/**
 * Upper bounds for a contact message. The browser form carries no length limits (the spec asks
 * for none); these bounds protect whatever later stores or e-mails the message.
 */
export const CONTACT_MESSAGE_LIMITS = {
  name: 200,
  email: 254,
  company: 200,
  phone: 40,
  // A brief or a pasted requirements list is welcome; 20,000 characters keeps one row and one e-mail sane.
  message: 20_000,
} as const;

/** "Must be at most 20,000 characters": grouped digits, the same in every browser and the worker. */
const tooLong = (max: number) => ({ message: `Must be at most ${max.toLocaleString("en-US")} characters` });

/**
 * Ill-formed text cannot be stored or e-mailed as it was sent (UTF-8 has no lone surrogates, so it
 * would silently become U+FFFD). The route puts the field's label in front of the message.
 */
const text = () => wellFormedText().trim();

const optionalText = (max: number) => text().max(max, tooLong(max)).optional();

/** A message sent through the form on /contact: name, e-mail and message required. Built on first use. */
export const contactMessageSchema = lazyOnce(() =>
  z.object({
    name: text()
      .min(1, { message: "Full name is required" })
      .max(CONTACT_MESSAGE_LIMITS.name, tooLong(CONTACT_MESSAGE_LIMITS.name)),
    email: text()
      .max(CONTACT_MESSAGE_LIMITS.email, { message: "Invalid email address" })
      .pipe(z.email({ message: "Invalid email address" })),
    company: optionalText(CONTACT_MESSAGE_LIMITS.company),
    phone: optionalText(CONTACT_MESSAGE_LIMITS.phone),
    message: text()
      .min(1, { message: "Message is required" })
      .max(CONTACT_MESSAGE_LIMITS.message, tooLong(CONTACT_MESSAGE_LIMITS.message)),
  }),
);

export type ContactMessage = z.infer<ReturnType<typeof contactMessageSchema>>;
export type ContactField = keyof ContactMessage;
