import type { IconName } from "../components/Icon.tsx";
import { paths } from "../paths.ts";
import { company, hoursText } from "./company-copy.ts";
import type { NavLink } from "./navigation-copy.ts";

/**
 * The FAQ page's questions. Answers follow the policies of spec section 9; the two price conflicts
 * the spec names (overage hours in KES, the Training Workshop in KES) stay as the spec writes them.
 */

const faqCategories = [
  { name: "General", id: "general", icon: "building" },
  { name: "Services", id: "services", icon: "briefcase" },
  { name: "Pricing & Payment", id: "pricing-payment", icon: "wallet" },
  { name: "Support", id: "support", icon: "headset" },
  { name: "Security & Data", id: "security-data", icon: "shield" },
] as const satisfies readonly { name: string; id: string; icon: IconName }[];

type FaqCategory = (typeof faqCategories)[number]["name"];

export type FaqEntry = { category: FaqCategory; question: string; answer: string; links?: NavLink[] };

export const faqEntries: FaqEntry[] = [
  {
    category: "General",
    question: `Who is ${company.name}?`,
    answer: `${company.name} is an IT consultancy based in Nairobi, Kenya, founded in ${company.founded} and registered under number ${company.registrationNumber}. We help businesses across Africa and East Africa plan, build, secure and run their technology.`,
    links: [{ href: paths.about, label: "About us" }],
  },
  {
    category: "General",
    question: "Which industries do you work with?",
    answer:
      "Logistics, healthcare, finance and fintech, retail, education, NGOs and non-profits, and government. Many of the problems we solve are common to all of them: reliable systems, secure data and less manual work.",
  },
  {
    category: "General",
    question: "Is the first consultation really free?",
    answer:
      "Yes. The initial consultation is free and every quote is no-obligation. We listen to what you need, then tell you honestly whether and how we can help.",
    links: [{ href: paths.contact, label: "Book a free consultation" }],
  },
  {
    category: "General",
    question: "What are your business hours?",
    answer: `Our office is open ${hoursText}. We reply to every message within 24 hours. Clients on plans with a 24/7 SLA can reach us at any time.`,
  },
  {
    category: "General",
    question: "Do I need an account to order?",
    answer:
      "No. Add services to your cart, enter your details at checkout and pay on a secure hosted payment page. We then contact you to schedule the work.",
  },
  {
    category: "Services",
    question: "What services do you offer?",
    answer:
      "IT strategy and business transformation, cloud and infrastructure, software development, cybersecurity and risk consulting, data analytics and automation, and managed IT support plans.",
    links: [{ href: paths.services, label: "Explore our services" }],
  },
  {
    category: "Services",
    question: "How long does a typical project take?",
    answer:
      "It depends on the scope. As a guide: IT strategy 4-8 weeks, cloud projects 6-12 weeks, software development 8-16 weeks, cybersecurity 2-6 weeks and data analytics 6-10 weeks. Managed IT support is ongoing.",
  },
  {
    category: "Services",
    question: "Can you work with our existing systems and suppliers?",
    answer:
      "Yes. We start by understanding what you already have and build on it where it makes sense. We work alongside your staff and other suppliers and document everything we change.",
  },
  {
    category: "Services",
    question: "Do you offer training for our staff?",
    answer:
      "Yes. Our Training Workshop costs KES 7,999 and gives your team a hands-on session on using their tools safely and well, with notes to keep.",
  },
  {
    category: "Services",
    question: "Can I get a quote for something that is not listed?",
    answer:
      "Of course. Select the services closest to what you need on the custom quote page, or describe your project to us and we will send a no-obligation quote.",
    links: [
      { href: paths.customQuote, label: "Build a custom quote" },
      { href: paths.contact, label: "Describe your project" },
    ],
  },
  {
    category: "Pricing & Payment",
    question: "Which payment methods do you accept?",
    answer: "Cards, mobile money and bank transfer.",
  },
  {
    category: "Pricing & Payment",
    question: "Do you require a deposit?",
    answer:
      "Project work needs a 50% deposit before it starts; the balance is invoiced on delivery. Monthly plans are billed monthly in advance.",
  },
  {
    category: "Pricing & Payment",
    question: "What if I use more hours than my plan includes?",
    answer:
      "Overage hours are billed at KES 2,500/hour. We let you know before you reach your allowance, so you can decide whether to move to a larger plan instead.",
    links: [{ href: paths.pricing, label: "Compare plans" }],
  },
  {
    category: "Pricing & Payment",
    question: "What happens if a payment is late?",
    answer:
      "Late payments incur 5% monthly interest. If an invoice is more than 30 days overdue, services are suspended until it is paid.",
  },
  {
    category: "Pricing & Payment",
    question: "Do you offer discounts or let me cancel?",
    answer:
      "Annual contracts get a discount of up to 15%: switch a plan to yearly billing in the billing portal. You can cancel a plan with 30 days' notice. Upgrades take effect immediately; downgrades at the next billing cycle.",
  },
  {
    category: "Pricing & Payment",
    question: "What is your refund policy?",
    answer:
      "You get a full refund if you cancel within 7 days and before work starts. Refunds on milestone-based projects carry a 20% administrative fee. We review a refund request within 3 business days and pay approved refunds within 7-10 business days. Service credits, where offered instead, last 12 months.",
    links: [{ href: paths.refund, label: "Read the Refund Policy" }],
  },
  {
    category: "Support",
    question: "How quickly will you respond to a support request?",
    answer:
      "It depends on your plan: within 4 hours on Starter, 1 hour on Business and 30 minutes on Enterprise. The Emergency Support Package gives a 15-minute response.",
    links: [{ href: paths.pricing, label: "See the plans" }],
  },
  {
    category: "Support",
    question: "Is support available outside business hours?",
    answer: `Starter support runs ${hoursText}. The Business and Enterprise plans include a 24/7 SLA, so urgent issues are handled day and night, weekends included.`,
  },
  {
    category: "Support",
    question: "How do I reach support?",
    answer: `Call us on ${company.phone.display}, e-mail ${company.emails.support.display} or use the contact form. We reply to every message within 24 hours.`,
    links: [{ href: paths.contact, label: "Contact us" }],
  },
  {
    category: "Support",
    question: "Do you offer on-site support?",
    answer:
      "Yes, in Nairobi. Most issues are solved remotely within minutes; the Business and Enterprise plans include on-site visits when a problem needs hands on the hardware.",
  },
  {
    category: "Security & Data",
    question: "How do you protect our data?",
    answer:
      "We only access the systems we need for the job, use multi-factor sign-in and encrypted connections, and keep credentials in a secured password vault. Our staff sign confidentiality agreements.",
  },
  {
    category: "Security & Data",
    question: "What happens if there is a data breach?",
    answer:
      "If a breach affects your data, we notify you within 48 hours of becoming aware of it, tell you what happened and what we are doing about it, and help you meet your own reporting duties.",
  },
  {
    category: "Security & Data",
    question: "How long do you keep our data?",
    answer:
      "We keep client data for the duration of our relationship plus 7 years, as business and tax records require, and then delete it securely.",
    links: [{ href: paths.privacy, label: "Read the Privacy Policy" }],
  },
  {
    category: "Security & Data",
    question: "Will you sign a data processing agreement or NDA?",
    answer:
      "Yes. Our Data Processing Addendum sets out how we handle personal data on your behalf, and we are happy to sign a non-disclosure agreement before you share anything sensitive.",
    links: [{ href: paths.dpa, label: "Read the Data Processing Addendum" }],
  },
];

/** The entries of each category, in the order of `faqCategories`. */
export const faqGroups = faqCategories.map((category) => ({
  ...category,
  entries: faqEntries.filter((entry) => entry.category === category.name),
}));

export const faqMeta = {
  title: "FAQ",
  description:
    "Answers to common questions about our IT services, pricing and payment, support, and how we protect your data.",
};

export const faqHero = {
  eyebrow: "FAQ",
  title: "Frequently Asked Questions",
  lead: "Answers about our services, prices, support and how we look after your data.",
};

export const faqPageCopy = {
  categoriesLabel: "Question categories",
  questionCount: (n: number) => `${n} questions`,
  closing: {
    title: "Still Have Questions?",
    lead: `Our team is here ${hoursText} and replies to every message within 24 hours.`,
    contact: { href: paths.contact, label: "Contact Us" },
    call: { href: company.phone.href, label: `Call ${company.phone.display}` },
  },
};
