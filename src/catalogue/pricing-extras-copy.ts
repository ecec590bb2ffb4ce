import type { IconName } from "../components/Icon.tsx";
import { formatMoney, toCents } from "../lib/money.ts";
import { BILLING_PATH, paths } from "../paths.ts";
import type { NavLink } from "../site/navigation-copy.ts";
import { YEARLY_DISCOUNT_PERCENT } from "./plan-prices.ts";
import { plans } from "./pricing-copy.ts";

/** Copy of the pricing page around the priced items of pricing.ts: headings, comparison, terms, FAQ. */

export const pricingMeta = {
  title: "Pricing",
  description: `Monthly IT support plans from ${formatMoney(toCents(Math.min(...plans.map((p) => p.price))))}, fixed-price one-time services and add-ons, with clear payment terms.`,
};

export const pricingHero = {
  eyebrow: "Pricing",
  title: "Simple, Transparent Pricing",
  lead: "Choose a monthly support plan, book a one-time service or add extras to your cart. Every engagement starts with a free initial consultation.",
};

type SectionCopy = { id: string; eyebrow?: string; title: string; lead?: string };

export const pricingSections = {
  plans: {
    id: "plans",
    eyebrow: "Monthly plans",
    title: "Managed IT Support Plans",
    lead: "Predictable monthly pricing for ongoing support. Change plans as your business grows.",
  },
  oneTime: {
    id: "one-time-services",
    eyebrow: "One-time services",
    title: "Fixed-Price Services",
    lead: "A single job, done once, at a price you know up front.",
  },
  addOns: {
    id: "add-ons",
    eyebrow: "Add-ons",
    title: "Add-On Services",
    lead: "Extras you can add to any plan or service.",
  },
  comparison: {
    id: "compare",
    eyebrow: "Compare",
    title: "Compare Plans",
    lead: "What each monthly plan includes, side by side.",
  },
  terms: {
    id: "payment-terms",
    eyebrow: "Payment terms",
    title: "How Billing Works",
    lead: "Prices on this page are in US dollars (USD). These terms apply to every plan and service.",
  },
  faq: {
    id: "pricing-faq",
    eyebrow: "FAQ",
    title: "Pricing Questions",
  },
} satisfies Record<string, SectionCopy>;

export const pricingLabels = {
  addToCart: "Add to Cart",
  popular: "Most Popular",
  perMonth: "/month",
  duration: "Duration",
  included: "Included",
  notIncluded: "Not included",
  allFaqs: { href: paths.faq, label: "See all FAQs" },
  /** Under the payment terms: where a subscriber updates their card or cancels. */
  manage: { href: BILLING_PATH, text: "Already subscribed?", label: "Manage your subscription" },
};

/** A cell of the comparison table: text, or whether the plan includes the feature. */
export type ComparisonValue = string | boolean;

export type ComparisonRow = { feature: string; values: ComparisonValue[] };

export const comparison = {
  caption: "Monthly support plans compared",
  featureHeader: "Feature",
  /** One value per plan, in the order of `plans`. */
  rows: [
    // The row says "monthly": the bare price keeps the column narrow enough for a phone.
    { feature: "Monthly price", values: plans.map((p) => formatMoney(toCents(p.price))) },
    { feature: "Support hours per month", values: ["10", "25", "Unlimited"] },
    { feature: "Active projects", values: ["1", "2", "Unlimited"] },
    { feature: "Response time", values: ["4 hours", "1 hour", "30 minutes"] },
    { feature: "24/7 SLA", values: [false, true, true] },
    { feature: "Dedicated engineer", values: [false, false, true] },
    { feature: "Remote support", values: [true, true, true] },
    { feature: "Monthly system health report", values: [true, true, true] },
    { feature: "Proactive monitoring and alerts", values: [false, true, true] },
    { feature: "On-site visits in Nairobi", values: [false, true, true] },
    { feature: "IT strategy review", values: [false, "Quarterly", "Monthly"] },
    { feature: "Extra hours beyond the plan", values: ["$19/hour", "$19/hour", "Not needed"] },
  ] satisfies ComparisonRow[],
};

export type PaymentTerm = { icon: IconName; title: string; text: string };

/** The billing policies of spec section 9, as the pricing page states them. */
export const paymentTerms: PaymentTerm[] = [
  {
    icon: "calendar",
    title: "Monthly billing",
    text: "Plans are billed monthly in advance. Cancel any time with 30 days' notice.",
  },
  {
    icon: "clock",
    title: "Overage hours",
    text: "Support hours used beyond your plan's allowance are billed at $19/hour.",
  },
  {
    icon: "briefcase",
    title: "Project deposit",
    text: "Project work starts once we receive a 50% deposit; the balance is invoiced on delivery.",
  },
  {
    icon: "wallet",
    title: "Payment methods",
    text: "We accept cards, mobile money and bank transfer.",
  },
  {
    icon: "trendingUp",
    title: "Annual discount",
    text: `Save up to ${YEARLY_DISCOUNT_PERCENT}% by paying a plan yearly: switch any time in the billing portal.`,
  },
  {
    icon: "fileText",
    title: "Late payments",
    text: "Late payments incur 5% monthly interest. Services are suspended after 30 days overdue.",
  },
];

export type QuestionAnswer = { question: string; answer: string; links?: NavLink[] };

export const pricingFaq: QuestionAnswer[] = [
  {
    question: "Can I change my plan later?",
    answer:
      "Yes. Upgrades take effect immediately, so you get the extra hours and faster response at once. Downgrades take effect at the next billing cycle.",
  },
  {
    question: "What if I need more hours than my plan includes?",
    answer:
      "We tell you before you run out. Extra hours are billed at $19/hour, or you can move to a larger plan. The Enterprise plan has unlimited hours.",
  },
  {
    question: "Is there a long-term contract?",
    answer: `No. Plans run month to month and you can cancel with 30 days' notice. Paying yearly saves up to ${YEARLY_DISCOUNT_PERCENT}%.`,
  },
];

export const pricingClosing = {
  title: "Not Sure Which Option Fits?",
  lead: "Tell us what you need and we will recommend a plan or prepare a no-obligation quote, usually within 24 hours.",
  actions: [
    { href: paths.contact, label: "Contact Us" },
    { href: paths.services, label: "Explore Services" },
    { href: paths.faq, label: "Read the FAQ" },
  ] satisfies NavLink[],
  legalIntro: "Purchases are subject to our",
  legalLinks: [
    { href: paths.terms, label: "Terms of Service" },
    { href: paths.privacy, label: "Privacy Policy" },
    { href: paths.refund, label: "Refund Policy" },
  ] satisfies NavLink[],
};
