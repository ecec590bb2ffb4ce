import { stringBinding } from "../http/bindings.ts";
import { company } from "../site/company-copy.ts";

/** An e-mail ready to hand to Cloudflare Email Service. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | undefined;
  attachments?: { filename: string; type: string; content: Uint8Array }[] | undefined;
};

export type Mailer = { send(mail: OutgoingMail): Promise<void> };

/** How long one send may take before it counts as failed (the queue then retries it). */
const SEND_TIMEOUT_MS = 15_000;

/**
 * A header value with no line breaks or other control characters: user text (a name in a subject,
 * an address in Reply-To) can never start a header of its own, whatever the binding does with it.
 */
export function headerSafe(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
}

/**
 * The one module that talks to Email Service (the `[[send_email]]` binding EMAIL). Null when the
 * binding or the sender (MAIL_FROM) is missing: the outbox then records e-mails as not configured.
 */
export function createMailer(env: Env): Mailer | null {
  const from = stringBinding(env, "MAIL_FROM");
  const binding = (env as { EMAIL?: SendEmail }).EMAIL;
  if (!from || !binding) return null;
  return {
    async send(mail) {
      const replyTo = mail.replyTo ? headerSafe(mail.replyTo) : undefined;
      const sending = binding.send({
        from: { name: company.name, email: headerSafe(from) },
        to: headerSafe(mail.to),
        subject: headerSafe(mail.subject),
        text: mail.text,
        html: mail.html,
        ...(replyTo ? { replyTo } : {}),
        ...(mail.attachments?.length
          ? {
              attachments: mail.attachments.map((file) => ({
                disposition: "attachment" as const,
                filename: headerSafe(file.filename),
                type: file.type,
                content: file.content,
              })),
            }
          : {}),
      });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Email Service did not answer within ${SEND_TIMEOUT_MS} ms`)),
          SEND_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([sending, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
