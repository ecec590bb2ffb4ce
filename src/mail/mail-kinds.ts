import { billingLink, renewalFailed } from "../billing/billing-link-mail.ts";
import {
  mpesaPlanDue,
  mpesaPlanLink,
  mpesaPlanPaid,
  mpesaPlanPastDue,
  mpesaPlanStarted,
} from "../billing/mpesa-plan-mail.ts";
import { mpesaPlanMailCopy } from "../billing/mpesa-plan-mail-copy.ts";
import { planChangeConfirmed } from "../billing/plan-change-mail.ts";
import { planChangeMailCopy } from "../billing/plan-change-mail-copy.ts";
import { breachCopy } from "../breaches/breach-copy.ts";
import { contactAck } from "../contact/contact-ack-mail.ts";
import { ownerContact } from "../contact/owner-contact-mail.ts";
import { etimsCopy } from "../etims/etims-copy.ts";
import { taxInvoiceMail } from "../etims/tax-invoice-mail.ts";
import { dataRequestCopy } from "../privacy/data-request-copy.ts";
import { ownerQuote, quoteForBuyer } from "../quotes/quote-mail.ts";
import { refundMade } from "../refunds/refund-mail.ts";
import type { MailTemplate } from "./mail-types.ts";
import { orderConfirmed } from "./order-confirmed-mail.ts";
import { ownerAlertCopy } from "./owner-alerts-copy.ts";
import { ownerDigest } from "./owner-digest-mail.ts";
import { ownerNewOrder } from "./owner-new-order-mail.ts";
import { ownerNotice } from "./owner-notice-mail.ts";

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
  "tax-invoice": taxInvoiceMail,
  "refund-made": refundMade,
  "owner-alert-etims": ownerNotice(etimsCopy.alert.headline),
  "owner-alert-breach": ownerNotice(breachCopy.alert.headline),
  "mpesa-plan-started": mpesaPlanStarted,
  "mpesa-plan-due": mpesaPlanDue,
  "mpesa-plan-paid": mpesaPlanPaid,
  "mpesa-plan-past-due": mpesaPlanPastDue,
  "mpesa-plan-link": mpesaPlanLink,
  "owner-mpesa-plan-past-due": ownerNotice(mpesaPlanMailCopy.owner.pastDueHeadline),
  "owner-mpesa-plan-review": ownerNotice(mpesaPlanMailCopy.owner.reviewHeadline),
  "owner-alert-requests": ownerNotice(dataRequestCopy.alert.headline),
  quote: quoteForBuyer,
  "owner-quote": ownerQuote,
};

export type MailKind = keyof typeof mailKinds;
export type MailData<K extends MailKind> = (typeof mailKinds)[K] extends MailTemplate<infer D> ? D : never;

export function isMailKind(kind: string): kind is MailKind {
  return Object.hasOwn(mailKinds, kind);
}
