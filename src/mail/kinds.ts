import { ownerAlertCopy } from "../content/owner-alerts.ts";
import { planChangeMailCopy } from "../content/plan-change-mail.ts";
import { billingLink, renewalFailed } from "./templates/billing-link.ts";
import { contactAck } from "./templates/contact-ack.ts";
import { orderConfirmed } from "./templates/order-confirmed.ts";
import { ownerContact } from "./templates/owner-contact.ts";
import { ownerDigest } from "./templates/owner-digest.ts";
import { ownerNewOrder } from "./templates/owner-new-order.ts";
import { ownerNotice } from "./templates/owner-notice.ts";
import { planChangeConfirmed } from "./templates/plan-change.ts";
import { ownerQuote, quoteForBuyer } from "./templates/quote.ts";
import type { MailTemplate } from "./types.ts";

/**
 * Every kind of e-mail the site sends, by the name the outbox records. Adding a kind is writing
 * its template in templates/ and one line here.
 */
export const mailKinds = {
  "order-confirmed": orderConfirmed,
  "owner-new-order": ownerNewOrder,
  "owner-contact": ownerContact,
  "contact-ack": contactAck,
  "owner-order-review": ownerNotice("Order needs review"),
  "owner-renewal-failed": ownerNotice("Renewal payment failed"),
  "owner-cancel-scheduled": ownerNotice("Subscription cancellation scheduled"),
  "owner-subscription-canceled": ownerNotice("Subscription canceled"),
  "owner-billing-review": ownerNotice("Billing needs review"),
  "owner-plan-change": ownerNotice(planChangeMailCopy.owner.headline),
  "plan-change-confirmed": planChangeConfirmed,
  "owner-ceiling": ownerNotice("Traffic ceiling reached"),
  "owner-alert-mail-failed": ownerNotice(ownerAlertCopy.mailFailed.headline),
  "owner-alert-stuck": ownerNotice(ownerAlertCopy.stuck.headline),
  "owner-digest": ownerDigest,
  "renewal-failed": renewalFailed,
  "billing-link": billingLink,
  quote: quoteForBuyer,
  "owner-quote": ownerQuote,
};

export type MailKind = keyof typeof mailKinds;
export type MailData<K extends MailKind> = (typeof mailKinds)[K] extends MailTemplate<infer D> ? D : never;

export function isMailKind(kind: string): kind is MailKind {
  return Object.hasOwn(mailKinds, kind);
}
