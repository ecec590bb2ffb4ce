/**
 * Pricing page content (spec section 9). Names and prices here are also what the payment endpoint
 * charges for 'pricing-…' cart items, so a change here changes the price at checkout.
 */
export type Plan = {
  name: string;
  /** USD per month, whole dollars. */
  price: number;
  period: "month";
  description: string;
  features: string[];
  cta: string;
  popular: boolean;
};

export type OneTimeService = { name: string; price: number; description: string; duration: string };

export type AddOn = { name: string; price: number; description: string };

export const plans: Plan[] = [
  {
    name: "Starter",
    price: 150,
    period: "month",
    description: "Reliable IT support for small teams that need an expert on call during the working week.",
    features: [
      "10 support hours per month",
      "1 active project",
      "Response time: 4 hours",
      "Remote support by phone, e-mail and screen sharing",
      "Monthly system health report",
    ],
    cta: "Add to Cart",
    popular: false,
  },
  {
    name: "Business",
    price: 375,
    period: "month",
    description: "Round-the-clock cover and more hours for growing businesses that cannot afford downtime.",
    features: [
      "25 support hours per month",
      "2 active projects",
      "24/7 SLA",
      "Response time: 1 hour",
      "Proactive monitoring and alerts",
      "On-site visits in Nairobi",
      "Quarterly IT strategy review",
    ],
    cta: "Add to Cart",
    popular: true,
  },
  {
    name: "Enterprise",
    price: 750,
    period: "month",
    description: "A complete managed IT partnership for organisations running critical systems.",
    features: [
      "Unlimited support hours",
      "Unlimited projects",
      "24/7 SLA",
      "Response time: 30 minutes",
      "Dedicated engineer",
      "Proactive monitoring and alerts",
      "On-site visits in Nairobi",
      "Monthly IT strategy review",
    ],
    cta: "Add to Cart",
    popular: false,
  },
];

export const oneTimeServices: OneTimeService[] = [
  {
    name: "Quick Tech Fix",
    price: 50,
    description:
      "Remote troubleshooting of one problem: a slow computer, a printer that will not print, an app that crashes.",
    duration: "Up to 1 hour",
  },
  {
    name: "Software Installation",
    price: 75,
    description: "Installation, licensing and set-up of business software on up to three computers.",
    duration: "1-2 hours",
  },
  {
    name: "Email Configuration",
    price: 100,
    description: "Business e-mail on your own domain, set up on computers and phones, with spam protection.",
    duration: "2-3 hours",
  },
  {
    name: "Data Backup Setup",
    price: 150,
    description: "Automatic daily backups of your important files to the cloud, with a tested restore.",
    duration: "Half a day",
  },
  {
    name: "Website Updates",
    price: 125,
    description: "Content, image and plugin updates to an existing website, plus a check for broken links.",
    duration: "Up to 3 hours",
  },
  {
    name: "Network Configuration",
    price: 200,
    description: "Router, Wi-Fi and firewall set-up for a small office, with a separate guest network.",
    duration: "Half a day",
  },
  {
    name: "IT Health Check",
    price: 250,
    description: "A review of your devices, network, backups and accounts, with a written report of risks and fixes.",
    duration: "1 day",
  },
  {
    name: "IT Consultation Session",
    price: 300,
    description: "A working session with a senior consultant on a decision you face: a system, a vendor or a plan.",
    duration: "2 hours",
  },
  {
    name: "Security Hardening",
    price: 400,
    description: "Multi-factor sign-in, patching, device encryption and access reviews to close common security gaps.",
    duration: "1-2 days",
  },
  {
    name: "Custom Automation Script",
    price: 500,
    description: "A script that automates one repetitive task, such as reports, file transfers or data entry.",
    duration: "3-5 days",
  },
];

export const addOns: AddOn[] = [
  {
    name: "Cybersecurity Audit",
    price: 75,
    description:
      "A scan of your accounts, devices and internet-facing systems for known weaknesses, with a prioritised fix list.",
  },
  {
    name: "Cloud Migration Package",
    price: 115,
    description: "Planning and move of one workload, such as shared files or e-mail, to the cloud service you choose.",
  },
  {
    name: "Emergency Support Package",
    price: 45,
    description: "Priority help when something breaks: a 15-minute response from an engineer, on top of any plan.",
  },
  {
    name: "Training Workshop",
    price: 60,
    description: "A hands-on session that teaches your team to use their tools safely and well, with notes to keep.",
  },
];
