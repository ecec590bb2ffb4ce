import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../env.ts";
import { type Issue, jsonError, toIssues } from "../http/json-errors.ts";
import { requestLog } from "../http/log.ts";
import { type Channel, channelOf } from "../http/media-type.ts";
import { isFieldObject, readSubmission, type Submission } from "../http/submission.ts";
import { workContextOf } from "../http/work-context.ts";
import { notifyContactMessage } from "../mail/visitor-notices.ts";
import { CONTACT_API_PATH, CONTACT_SENT_PATH } from "../paths.ts";
import { renderPage } from "../render/page-response.tsx";
import { clientBudgets } from "../security/budget.ts";
import { isOverLimit, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";
import { refusedStore, type StoreRefusal } from "../security/store-gate.ts";
import { contactApiMessages, contactForm } from "./contact-copy.ts";
import { contactMessageSchema } from "./contact-message-schema.ts";
import { insertContactMessage } from "./contact-messages.ts";
import { contactNotSentPage, contactSentPage } from "./contact-sent-page.tsx";

/**
 * Every field at its limit: about 20,700 UTF-16 units, under 84 kB in UTF-8 (4 bytes per astral
 * character, 2 units each) and under 125 kB as JSON escapes (\u0000, 6 bytes a unit); form encoding is
 * no longer than that for the same text.
 */
const MAX_CONTACT_BYTES = 128 * 1024;

/**
 * POST /api/contact: stores a message from the contact form. Both channels get the same checks
 * (rate limit, honeypot, schema); the island reads JSON answers, a plain form post gets a page.
 */
export function contactRoutes() {
  const app = new Hono<AppEnv>({ strict: false });

  app.post(
    CONTACT_API_PATH,
    bodyLimit({
      maxSize: MAX_CONTACT_BYTES,
      onError: (c) => refuse(c, channelOf(c), 413, contactApiMessages.tooLarge),
    }),
    async (c) => {
      const channel = channelOf(c);
      if (!channel) return jsonError(c, 415, contactApiMessages.unsupported);
      if (await isOverLimit(c, (env) => env.CONTACT_LIMITER)) {
        c.header("Retry-After", String(RETRY_AFTER_SECONDS));
        return refuse(c, channel, 429, contactApiMessages.rateLimited);
      }

      const submission = await readSubmission(c, channel);
      const fields = submission && contactFields(submission);
      if (!fields) return refuse(c, channel, 400, contactApiMessages.malformed);

      if (filledHoneypot(fields)) {
        // Answered exactly like a sent message, so a bot learns nothing; nothing is stored.
        requestLog(c).warn("Contact message dropped: honeypot field filled in", { channel });
        return sent(c, channel);
      }

      const parsed = contactMessageSchema().safeParse(fields);
      if (!parsed.success) {
        const issues = toIssues(parsed.error);
        const problems = [...new Set(issues.map(describeIssue))];
        if (channel === "form") return refuse(c, channel, 400, contactApiMessages.invalidIntro, undefined, problems);
        return refuse(c, channel, 400, contactApiMessages.invalid(problems.join("; ")), issues);
      }

      const refused = await refusedStore(c, clientBudgets.contact, "contact");
      if (refused) return refuse(c, channel, refused.status, storeRefusals[refused.reason]);

      let messageId: number;
      try {
        messageId = await insertContactMessage(c.env.DB, parsed.data);
      } catch (err) {
        requestLog(c).error("Contact message could not be stored", { channel, error: err });
        return refuse(c, channel, 503, contactApiMessages.storeFailed);
      }
      // The message is kept whatever happens to its e-mails: they are queued, never awaited.
      try {
        await notifyContactMessage(workContextOf(c, { messageId }), messageId, parsed.data);
      } catch (err) {
        requestLog(c).error("The contact message's e-mails could not be queued", { messageId, error: err });
      }
      return sent(c, channel);
    },
  );

  app.all(CONTACT_API_PATH, (c) => {
    c.header("Allow", "POST");
    return jsonError(c, 405, contactApiMessages.methodNotAllowed);
  });

  app.get(CONTACT_SENT_PATH, (c) => renderPage(c, contactSentPage));

  return app;
}

/** The message's fields from either channel; null for a JSON body that is not an object. */
function contactFields(submission: Submission): Record<string, unknown> | null {
  if (submission.channel === "json") return isFieldObject(submission.body) ? submission.body : null;
  const fields: Record<string, unknown> = { ...submission.fields };
  for (const name of submission.notUtf8) if (Object.hasOwn(fields, name)) fields[name] = NOT_UTF8;
  return fields;
}

/**
 * Stands in for a form value whose bytes are not UTF-8. The form parser would have turned them into
 * U+FFFD and the message would be stored altered; as a lone surrogate, the shared schema refuses it
 * with the same words as a JSON "\ud800".
 */
const NOT_UTF8 = "\uD800";

const storeRefusals: Record<StoreRefusal["reason"], string> = {
  hourly: contactApiMessages.hourlyLimit,
  busy: contactApiMessages.busy,
  unavailable: contactApiMessages.storeFailed,
};

function filledHoneypot(fields: Record<string, unknown>): boolean {
  const value = fields[contactForm.honeypot.name];
  return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
}

/** "Email: Invalid email address", with the form's own label for the field. */
function describeIssue(issue: Issue): string {
  const label = contactForm.fields.find((f) => f.name === issue.path)?.label;
  return label ? `${label}: ${issue.message}` : issue.message;
}

function sent(c: Context, channel: Channel): Response {
  if (channel === "json") return c.json({ ok: true }, 201, { "Cache-Control": "no-store" });
  // Post/redirect/get: reloading the confirmation does not send the message again.
  return c.redirect(CONTACT_SENT_PATH, 303);
}

async function refuse(
  c: Context,
  channel: Channel | null,
  status: ContentfulStatusCode,
  message: string,
  issues?: Issue[],
  problems?: string[],
): Promise<Response> {
  if (channel !== "form") return jsonError(c, status, message, issues);
  return renderPage(c, contactNotSentPage(message, problems), { status });
}
