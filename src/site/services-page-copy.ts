import { paths } from "../paths.ts";
import type { NavLink } from "./navigation-copy.ts";

export const servicesMeta = {
  title: "Services",
  description:
    "IT strategy, cloud and infrastructure, software development, cybersecurity, data analytics and managed IT support for East African businesses, with timelines and starting prices.",
};

export const servicesHero = {
  eyebrow: "Our Services",
  title: "IT Services That Deliver Measurable Results",
  lead: "Six service lines, one accountable partner. Every engagement starts with a free consultation and a clear, fixed scope.",
};

export const servicesListSection = {
  title: "Find the Right Service for Your Business",
  lead: "Timelines and starting prices are typical; your no-obligation quote is tailored to your scope.",
};

/** Labels inside each service card on /services. */
export const serviceCardLabels = {
  deliverables: "What You Get",
  benefits: "Key Benefits",
  timeline: "Timeline",
  pricing: "Starting Price",
  requestQuote: { label: "Request Quote", href: paths.contact } satisfies NavLink,
  caseStudies: { label: "View Case Studies", href: paths.contact } satisfies NavLink,
};

export const promisesSection = {
  eyebrow: "Getting Started",
  title: "Every Engagement Starts Risk-Free",
};

export const servicesCta = {
  title: "Not Sure Which Service You Need?",
  lead: "Tell us about your challenge and we will recommend the right mix, or browse the answers to common questions first.",
  primary: { label: "Talk to an Expert", href: paths.contact } satisfies NavLink,
  secondary: { label: "Read the FAQ", href: paths.faq } satisfies NavLink,
};
