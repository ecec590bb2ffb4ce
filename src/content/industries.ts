import type { Feature } from "./claims.ts";

/**
 * The spec lists seven audience sectors yet claims "6 industries": government and NGOs are served
 * as one public-sector practice (grant-funded, compliance-heavy, procurement-led), so the site
 * names all seven sectors in six industries.
 */
export const industries: Feature[] = [
  {
    title: "Logistics & Transport",
    text: "Fleet tracking, warehouse systems and automated shipping documents.",
    icon: "truck",
  },
  {
    title: "Healthcare",
    text: "Secure patient records, clinic networks and data protection compliance.",
    icon: "stethoscope",
  },
  {
    title: "Finance & Fintech",
    text: "Resilient platforms, mobile money integrations and regulatory security.",
    icon: "wallet",
  },
  {
    title: "Retail & E-commerce",
    text: "Point-of-sale, inventory and online stores that stay up at peak times.",
    icon: "shoppingBag",
  },
  {
    title: "Education",
    text: "Learning platforms, campus networks and student information systems.",
    icon: "graduationCap",
  },
  {
    title: "Government & NGOs",
    text: "Transparent, donor-ready systems for public bodies and non-profits.",
    icon: "landmark",
  },
];

export const industriesSection = {
  eyebrow: "Industries",
  title: "Industries We Serve",
  lead: "Deep experience in the sectors that drive Africa's economies.",
};
