import type { IconName } from "../components/Icon.tsx";
import { company } from "./company-copy.ts";

/** A headline figure (spec section 3: number, label, icon). */
export type Stat = { number: string; label: string; icon: IconName };

/** A short titled point with an icon: reasons, values, badges, promises and the like. */
export type Feature = { title: string; text: string; icon: IconName };

/**
 * The figures the site claims (spec section 1). Each is defined once and placed on the pages by
 * key, so a changed figure changes everywhere it appears.
 */
export const claims = {
  activeClients: { number: "50+", label: "Active Clients", icon: "users" },
  projectsDelivered: { number: "100+", label: "Projects Delivered", icon: "briefcase" },
  satisfaction: { number: "98%", label: "Client Satisfaction", icon: "star" },
  support: { number: "24/7", label: "Support Available", icon: "headset" },
  experience: { number: "10+", label: "Years of Experience", icon: "award" },
  costReduction: { number: "40%", label: "Cost Reduction", icon: "trendingUp" },
  fasterProcessing: { number: "60%", label: "Faster Processing", icon: "zap" },
  industries: { number: "6", label: "Industries Served", icon: "globe" },
} as const satisfies Record<string, Stat>;

/** The band of figures under the home hero. */
export const homeStats: Stat[] = [claims.activeClients, claims.projectsDelivered, claims.satisfaction, claims.support];

/** The four statistic cards of the About page. */
export const aboutStats: Stat[] = [
  claims.experience,
  claims.activeClients,
  claims.projectsDelivered,
  claims.industries,
];

/** Typical results of an engagement, shown beside the home hero and in why-us. */
export const outcomeStats: Stat[] = [claims.costReduction, claims.fasterProcessing];

/** What every visitor is offered before any commitment (spec section 1). */
export const promises: Feature[] = [
  {
    title: "Free Initial Consultation",
    text: "A first conversation about your goals and systems, at no cost.",
    icon: "calendar",
  },
  {
    title: "No-Obligation Quote",
    text: "A clear written scope and price you are free to take or leave.",
    icon: "fileText",
  },
  {
    title: "Response Within 24 Hours",
    text: "Every enquiry gets a reply from a consultant within one working day.",
    icon: "clock",
  },
];

/** The trust badges of the home page's badge row. */
export const trustBadges: Feature[] = [
  { title: "Registered Company", text: `Reg. No. ${company.registrationNumber}`, icon: "badgeCheck" },
  { title: "SSL Secured", text: "Encrypted connections site-wide", icon: "lock" },
  { title: "ISO Compliant", text: "Processes aligned to ISO standards", icon: "shield" },
];
