import type { WorkContext } from "../http/work-context.ts";
import type { company } from "../site/company-copy.ts";

/** What a template makes of its data: the subject and both parts of the e-mail. */
export type RenderedMail = { subject: string; text: string; html: string };

/**
 * One kind of e-mail. `to` says who receives it: the site's owner (OWNER_EMAIL) or the address the
 * data names (a buyer, a contact sender). Templates are pure: the same data gives the same e-mail.
 */
export type MailTemplate<Data> = {
  audience: "owner" | "customer";
  render(data: Data, context: MailContext): RenderedMail;
  /** Files sent with the e-mail, made when it is sent (a quote's PDF is drawn again from its stored row). */
  attachments?(data: Data, context: WorkContext): Promise<MailAttachment[]>;
  /** Reply-To for this e-mail, if any (the owner answering a contact message in one click). */
  replyTo?(data: Data): string | undefined;
};

export type MailAttachment = { filename: string; type: string; content: Uint8Array };

export type MailContext = { company: typeof company };

/** A line of an order as the e-mails show it. */
export type MailOrderLine = {
  name: string;
  category: string;
  quantity: number;
  unitAmountCents: number;
  recurring: boolean;
};
