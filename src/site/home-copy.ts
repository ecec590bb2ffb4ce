import { paths } from "../paths.ts";
import { claims, type Feature } from "./claims-copy.ts";
import type { NavLink } from "./navigation-copy.ts";

export const homeMeta = {
  title: "Home",
  description:
    "Nairobi IT consultancy for businesses across East Africa: IT strategy, cloud, software development, cybersecurity, data analytics and managed IT support. Free initial consultation.",
};

export const homeHero = {
  eyebrow: "IT Consulting in Nairobi, Kenya",
  title: "Technology That Moves Your Business Forward",
  lead: "We help businesses across Africa and East Africa plan, build, secure and run the technology they grow on, with measurable results and support that never sleeps.",
  primary: { label: "Explore Services", href: paths.services } satisfies NavLink,
  secondary: { label: "Get a Free Quote", href: paths.contact } satisfies NavLink,
  outcomesTitle: "Typical client results",
};

export const homeServicesSection = {
  eyebrow: "What We Do",
  title: "Our Services",
  lead: "End-to-end IT consulting, from first strategy session to round-the-clock support.",
  cardLink: "Learn more",
  viewAll: { label: "View All Services", href: paths.services } satisfies NavLink,
};

export const whyUsSection = {
  eyebrow: "Why Choose Us",
  title: "A Partner Invested in Your Results",
  lead: "We measure our work by what it changes in your business, not by the hours we bill.",
};

/** The why-us reasons; the figures come from the shared claims so they never drift. */
export const whyUsReasons: Feature[] = [
  {
    title: `${claims.experience.number} ${claims.experience.label}`,
    text: "Senior consultants who have delivered projects for local firms and multinationals alike.",
    icon: "award",
  },
  {
    title: `${claims.costReduction.number} ${claims.costReduction.label.toLowerCase()}`,
    text: "Average saving our clients see on IT spend after consolidating systems and vendors.",
    icon: "trendingUp",
  },
  {
    title: `${claims.fasterProcessing.number} ${claims.fasterProcessing.label.toLowerCase()}`,
    text: "Typical speed-up once manual, paper-based workflows are automated.",
    icon: "zap",
  },
  {
    title: `${claims.support.number} Support`,
    text: "Help desk and monitoring around the clock, because business does not stop at six.",
    icon: "headset",
  },
  {
    title: `${claims.industries.number} ${claims.industries.label}`,
    text: "Sector know-how in logistics, healthcare, finance, retail, education and the public sector.",
    icon: "globe",
  },
  {
    title: "Local Presence, Global Standards",
    text: "A registered Nairobi team working to international security and quality practice.",
    icon: "mapPin",
  },
];

export const closingCta = {
  title: "Ready to Transform Your Business?",
  lead: "Tell us about your goals. We will reply within 24 hours with practical next steps, at no cost.",
  primary: { label: "Contact Us Now", href: paths.contact } satisfies NavLink,
  secondary: { label: "View Pricing Plans", href: paths.pricing } satisfies NavLink,
};

export const badgeRowTitle = "Trusted and Verified";
