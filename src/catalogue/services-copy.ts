import type { IconName } from "../components/Icon.tsx";
import { formatMoney, toCents } from "../lib/money.ts";

/** A service card (spec section 3): shown in summary on Home and in full on /services. */
export type ServiceCard = {
  id: string;
  icon: IconName;
  title: string;
  tagline: string;
  description: string;
  deliverables: string[];
  benefits: string[];
  timeline: string;
  /** Lowest price of an engagement, whole USD. */
  startingPrice: number;
  /** Display text of the price, derived from startingPrice so the two never disagree. */
  pricing: string;
};

const from = (price: number, period?: "month") =>
  `From ${formatMoney(toCents(price))}${period ? ` per ${period}` : ""}`;

/** The six service lines of spec sections 1 and 9, in the spec's order. */
export const services: ServiceCard[] = [
  {
    id: "it-strategy",
    icon: "lightbulb",
    title: "IT Strategy & Business Transformation",
    tagline: "Align technology with where your business is going.",
    description:
      "We assess your current systems, processes and costs, then build a practical roadmap that ties every technology investment to a business goal, from digitising paper workflows to modernising legacy systems.",
    deliverables: [
      "Current-state IT assessment and maturity score",
      "Three-year technology roadmap with budget",
      "Digital transformation plan with quick wins",
      "Vendor and tool selection guidance",
    ],
    benefits: [
      "Spend where it moves the business",
      "Fewer overlapping tools and licences",
      "A plan your board and team understand",
    ],
    timeline: "4-8 weeks",
    startingPrice: 1150,
    pricing: from(1150),
  },
  {
    id: "cloud-infrastructure",
    icon: "cloud",
    title: "Cloud & Infrastructure",
    tagline: "Reliable, scalable infrastructure without the server room.",
    description:
      "We design, migrate and run cloud and hybrid environments on AWS, Microsoft Azure and Google Cloud, with the networking, backup and monitoring that keep them fast and available across the region.",
    deliverables: [
      "Cloud readiness assessment and architecture",
      "Migration of servers, data and e-mail",
      "Network, backup and disaster recovery setup",
      "Monitoring, alerting and cost controls",
    ],
    benefits: ["Lower hardware and hosting costs", "Work from anywhere, securely", "Capacity that grows with demand"],
    timeline: "6-12 weeks",
    startingPrice: 1900,
    pricing: from(1900),
  },
  {
    id: "software-development",
    icon: "code",
    title: "Software Development",
    tagline: "Custom web, mobile and business applications built to fit.",
    description:
      "From customer portals to internal systems, we build secure, maintainable software around your processes, with M-Pesa and mobile money payments, integrations with the tools you already use, and a handover your team can own.",
    deliverables: [
      "Requirements workshops and clickable prototypes",
      "Web and mobile applications",
      "API, payment and system integrations",
      "Testing, documentation and deployment",
    ],
    benefits: [
      "Software shaped around your workflow",
      "Automated steps replace manual work",
      "Full ownership of the source code",
    ],
    timeline: "8-16 weeks",
    startingPrice: 3000,
    pricing: from(3000),
  },
  {
    id: "cybersecurity",
    icon: "shield",
    title: "Cybersecurity & Risk Consulting",
    tagline: "Protect your data, customers and reputation.",
    description:
      "We find and fix the gaps attackers look for, align you with Kenya's Data Protection Act and international standards, and train your staff to recognise phishing and fraud before it costs you.",
    deliverables: [
      "Security audit and vulnerability assessment",
      "Data protection and compliance review",
      "Security policies and incident response plan",
      "Staff security awareness training",
    ],
    benefits: [
      "Reduced risk of breaches and downtime",
      "Evidence of compliance for regulators",
      "Confidence for customers and partners",
    ],
    timeline: "2-6 weeks",
    startingPrice: 750,
    pricing: from(750),
  },
  {
    id: "data-analytics",
    icon: "chart",
    title: "Data Analytics & Automation",
    tagline: "Turn your data into decisions and your routine into automation.",
    description:
      "We bring scattered spreadsheets and systems together into dashboards leaders actually use, and automate repetitive tasks such as reporting, reconciliation and approvals so your people focus on the work that matters.",
    deliverables: [
      "Data audit and consolidation",
      "Business intelligence dashboards",
      "Workflow and report automation",
      "Training for your team",
    ],
    benefits: [
      "Decisions based on live figures",
      "Hours of manual work saved each week",
      "Fewer errors in reports and records",
    ],
    timeline: "6-10 weeks",
    startingPrice: 1500,
    pricing: from(1500),
  },
  {
    id: "managed-it-support",
    icon: "headset",
    title: "Managed IT Support Plans",
    tagline: "Your IT department, on call around the clock.",
    description:
      "A predictable monthly plan covering help desk, device and user management, patching, backups and proactive monitoring, with a team that knows your systems and answers 24/7.",
    deliverables: [
      "24/7 help desk and remote support",
      "Proactive monitoring and patching",
      "Backup checks and recovery testing",
      "Monthly service reports and reviews",
    ],
    benefits: [
      "Predictable monthly IT costs",
      "Problems fixed before they stop work",
      "One accountable partner for IT",
    ],
    timeline: "Ongoing",
    startingPrice: 150,
    pricing: from(150, "month"),
  },
];
