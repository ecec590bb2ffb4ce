import { paths } from "../../paths.ts";
import { company } from "../company-copy.ts";
import { contactList, doc, legalLastUpdated, supportEmail } from "./legal-shared-copy.ts";
import type { LegalDocument } from "./legal-types.ts";

export const refund: LegalDocument = {
  path: paths.refund,
  title: "Refund Policy",
  description: `When and how ${company.legalName} refunds payments for projects, one-time services and managed IT support plans.`,
  lastUpdated: legalLastUpdated,
  intro: [
    [
      `We want every client to be confident in what they buy from ${company.legalName}. This Refund Policy explains when a payment can be refunded, how to ask for a refund and how long it takes. It forms part of our `,
      doc(paths.terms),
      "; words defined there have the same meaning here.",
    ],
    "Nothing in this policy limits any right you have under the Consumer Protection Act, 2012 or other laws of Kenya that cannot be excluded by agreement.",
  ],
  sections: [
    {
      heading: "Full Refund Within 7 Days",
      paragraphs: [
        "If you change your mind, you are entitled to a full refund of any payment, including a project deposit, when you ask for it within 7 days of paying and before any work on your order has started. No administrative fee applies.",
        "Work has started once we have held a kick-off or discovery session, accessed your systems, begun configuration or development, or bought third-party items on your behalf for the order.",
      ],
    },
    {
      heading: "Refunds After Work Has Started",
      paragraphs: [
        "Projects are delivered in milestones set out in the Proposal. Once work has started, refunds are assessed milestone by milestone:",
      ],
      list: [
        "milestones that have been completed and delivered are not refundable;",
        "a milestone in progress is charged for the work done on it, in proportion to its value; and",
        "payments for milestones that have not started are refundable, less an administrative fee of 20% of the refunded amount, which covers planning, scheduling and resources already committed to your project.",
      ],
      closing: [
        "If a milestone cannot be completed because of our own failure to perform, we will refund the amount paid for it in full, without the administrative fee.",
      ],
    },
    {
      heading: "Subscription Plans",
      paragraphs: [
        "Managed IT support plans are billed monthly in advance and may be cancelled with 30 days' notice. The current month and the notice period are not refunded, and support hours included in a month do not carry over once the plan ends.",
        "A plan downgrade takes effect from the next billing cycle, so no partial refund is due for the current month. An upgrade takes effect immediately, and the difference for the rest of the month is added to your next invoice.",
      ],
    },
    {
      heading: "Service Credits",
      paragraphs: [
        [
          "Where we miss a response time guaranteed by your plan, or where we agree with you to settle a refund request in credit instead of cash, we issue service credits. Service credits are valid for 12 months from the date they are issued, can be used against any of our services, cannot be exchanged for cash, and are not transferable. See section 7 of our ",
          doc(paths.terms),
          " for how service levels are measured.",
        ],
      ],
    },
    {
      heading: "What Cannot Be Refunded",
      paragraphs: ["The following are not refundable once delivered or committed:"],
      list: [
        "consultation sessions, health checks, audits and training workshops that have taken place;",
        "emergency support once an engineer has been dispatched or has started work on the issue;",
        "third-party software licences, subscriptions, domain names, certificates and hardware bought on your behalf, unless the supplier refunds us;",
        "work completed as part of an accepted milestone or Deliverable; and",
        "fees charged by your bank, card issuer or mobile money provider for making a payment.",
      ],
    },
    {
      heading: "How to Request a Refund",
      paragraphs: [["E-mail ", supportEmail, " from the address you used to order, and include:"]],
      list: [
        "your name and company;",
        "the invoice or order reference and the date of payment;",
        "the services the request relates to; and",
        "the reason for the request.",
      ],
      closing: [
        "We review every request and give you a written decision within 3 business days of receiving it with the information above. If we need more information, the review period starts when we receive it.",
      ],
    },
    {
      heading: "How and When Refunds Are Paid",
      paragraphs: [
        "Approved refunds are paid within 7-10 business days of our decision, to the original payment method wherever possible:",
      ],
      list: [
        [
          { strong: "Card payments" },
          " are refunded to the card used; your card issuer may take a few further days to show the credit.",
        ],
        [{ strong: "Mobile money payments" }, " are refunded to the mobile money number the payment came from."],
        [
          { strong: "Bank transfers" },
          " are refunded to the account the payment came from, on confirmation of its details.",
        ],
      ],
      closing: [
        "Refunds are made in the currency of the original payment. We are not responsible for exchange-rate differences or for charges your bank or provider deducts.",
      ],
    },
    {
      heading: "Disputes",
      paragraphs: [
        [
          "If you disagree with a refund decision, reply to it within 14 days and a director will review it. Please contact us before raising a chargeback with your card issuer: most issues are resolved faster that way. Disputes that remain unresolved are handled as described in our ",
          doc(paths.terms),
          ".",
        ],
      ],
    },
    {
      heading: "Contact Us",
      paragraphs: ["Refund questions can be sent to our support team:"],
      list: contactList,
    },
  ],
};
