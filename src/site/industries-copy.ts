import type { IndustryArtName } from "./art-copy.ts";
import type { Feature } from "./claims-copy.ts";

/** An industry: a feature with its illustration (src/site/art-copy.ts). */
export type Industry = Feature & { art: IndustryArtName };

/**
 * The spec lists seven audience sectors yet claims "6 industries": government and NGOs are served
 * as one public-sector practice (grant-funded, compliance-heavy, procurement-led), so the site
 * names all seven sectors in six industries.
 */
export const industries: Industry[] = [
  {
    title: "Logistics & Transport",
    text: "Fleet tracking, warehouse systems and automated shipping documents.",
    icon: "truck",
    art: "logistics",
  },
  {
    title: "Healthcare",
    text: "Secure patient records, clinic networks and data protection compliance.",
    icon: "stethoscope",
    art: "healthcare",
  },
  {
    title: "Finance & Fintech",
    text: "Resilient platforms, mobile money integrations and regulatory security.",
    icon: "wallet",
    art: "finance",
  },
  {
    title: "Retail & E-commerce",
    text: "Point-of-sale, inventory and online stores that stay up at peak times.",
    icon: "shoppingBag",
    art: "retail",
  },
  {
    title: "Education",
    text: "Learning platforms, campus networks and student information systems.",
    icon: "graduationCap",
    art: "education",
  },
  {
    title: "Government & NGOs",
    text: "Transparent, donor-ready systems for public bodies and non-profits.",
    icon: "landmark",
    art: "government",
  },
];

export const industriesSection = {
  eyebrow: "Industries",
  title: "Industries We Serve",
  lead: "Deep experience in the sectors that drive Africa's economies.",
};
