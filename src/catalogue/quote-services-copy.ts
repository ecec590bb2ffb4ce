import type { Tier } from "../checkout/cart-item-schema.ts";
import type { QuoteService } from "./quote-service-types.ts";

/**
 * The custom-quote catalogue: 32 services in four tiers. The spec names 13 of them (marked below);
 * the rest are written for this consultancy within their tier's price band. The payment endpoint
 * charges these prices for ids e1…p6.
 */
export const quoteCatalogue: QuoteService[] = [
  // Entry (20-75)
  {
    id: "e1",
    tier: "entry",
    category: "Support",
    price: 20,
    name: "Basic Troubleshooting Session",
    description: "A 30-minute remote session to diagnose and fix a single computer or software problem.",
  }, // spec
  {
    id: "e2",
    tier: "entry",
    category: "Support",
    price: 30,
    name: "Password Recovery",
    description: "Regain access to a locked account or device, with a safer password set up afterwards.",
  }, // spec
  {
    id: "e3",
    tier: "entry",
    category: "Setup",
    price: 40,
    name: "Printer Setup",
    description: "Install and share one office printer or scanner across your computers.",
  },
  {
    id: "e4",
    tier: "entry",
    category: "Security",
    price: 45,
    name: "Antivirus Installation",
    description: "Install and configure reputable antivirus protection on up to three devices.",
  },
  {
    id: "e5",
    tier: "entry",
    category: "Setup",
    price: 50,
    name: "Email Account Setup",
    description: "Set up a business email account on desktop and phone, with signature and folders.",
  },
  {
    id: "e6",
    tier: "entry",
    category: "Networking",
    price: 55,
    name: "Wi-Fi Optimisation",
    description: "Find dead spots and interference, then tune router placement and channels.",
  },
  {
    id: "e7",
    tier: "entry",
    category: "Support",
    price: 65,
    name: "Computer Tune-Up",
    description: "Clean up, update and speed up one slow Windows or macOS computer.",
  },
  {
    id: "e8",
    tier: "entry",
    category: "Recovery",
    price: 75,
    name: "Basic Data Recovery",
    description: "Recover deleted files from a working drive, USB stick or memory card.",
  },
  // Small business (100-400)
  {
    id: "s1",
    tier: "small",
    category: "Networking",
    price: 150,
    name: "Network Assessment",
    description: "Survey of your office network with a written report of risks and fixes.",
  }, // spec
  {
    id: "s2",
    tier: "small",
    category: "Networking",
    price: 200,
    name: "VPN Configuration",
    description: "Secure remote access to office systems for up to 10 staff.",
  }, // spec
  {
    id: "s3",
    tier: "small",
    category: "Migration",
    price: 350,
    name: "Microsoft 365 Migration",
    description: "Move up to 10 mailboxes, calendars and files to Microsoft 365.",
  }, // spec
  {
    id: "s4",
    tier: "small",
    category: "Recovery",
    price: 120,
    name: "Backup Configuration",
    description: "Automated daily backups of key files to the cloud, with a tested restore.",
  },
  {
    id: "s5",
    tier: "small",
    category: "Security",
    price: 180,
    name: "Firewall Setup",
    description: "Install and configure a business firewall with sensible default rules.",
  },
  {
    id: "s6",
    tier: "small",
    category: "Web",
    price: 250,
    name: "Website Health Check",
    description: "Speed, security and SEO review of your website with a prioritised fix list.",
  },
  {
    id: "s7",
    tier: "small",
    category: "Cloud",
    price: 300,
    name: "Google Workspace Setup",
    description: "Domain, email, shared drives and user accounts for a team of up to 15.",
  },
  {
    id: "s8",
    tier: "small",
    category: "Consulting",
    price: 100,
    name: "IT Strategy Call",
    description: "A one-hour call with a senior consultant to plan your next technology steps.",
  },
  {
    id: "s9",
    tier: "small",
    category: "Security",
    price: 280,
    name: "Staff Security Awareness Session",
    description: "A practical two-hour session on phishing, passwords and safe mobile money use.",
  },
  {
    id: "s10",
    tier: "small",
    category: "Setup",
    price: 400,
    name: "Small Office IT Setup",
    description: "Computers, printer, Wi-Fi and accounts set up for an office of up to 5 people.",
  },
  // Medium business (600-1800)
  {
    id: "m1",
    tier: "medium",
    category: "Infrastructure",
    price: 800,
    name: "Server Setup",
    description: "Install and configure a file, application or domain server with monitoring.",
  }, // spec
  {
    id: "m2",
    tier: "medium",
    category: "Migration",
    price: 1800,
    name: "Cloud Migration (Full)",
    description: "Plan and move your servers and data to AWS, Azure or Google Cloud.",
  }, // spec
  {
    id: "m3",
    tier: "medium",
    category: "Security",
    price: 1200,
    name: "Security Assessment",
    description: "Vulnerability scan and configuration review across your systems, with a remediation plan.",
  },
  {
    id: "m4",
    tier: "medium",
    category: "Web",
    price: 1500,
    name: "Business Website Build",
    description: "A fast, mobile-first website of up to 10 pages with a content editor.",
  },
  {
    id: "m5",
    tier: "medium",
    category: "Recovery",
    price: 950,
    name: "Disaster Recovery Plan",
    description: "Documented recovery plan with backup design, recovery targets and a test run.",
  },
  {
    id: "m6",
    tier: "medium",
    category: "Networking",
    price: 1100,
    name: "Office Network Upgrade",
    description: "Design and install structured cabling, switches and business Wi-Fi for one floor.",
  },
  {
    id: "m7",
    tier: "medium",
    category: "Cloud",
    price: 700,
    name: "Cloud Cost Optimisation",
    description: "Review your cloud bill and configuration, then cut waste without losing capacity.",
  },
  {
    id: "m8",
    tier: "medium",
    category: "Development",
    price: 1600,
    name: "Workflow Automation Project",
    description: "Automate one business process end to end, such as invoicing or stock reporting.",
  },
  // Premium (2,000+)
  {
    id: "p1",
    tier: "premium",
    category: "Infrastructure",
    price: 5000,
    name: "Enterprise IT Infrastructure",
    description: "Design and roll-out of servers, networking and identity for a multi-site organisation.",
  }, // spec
  {
    id: "p2",
    tier: "premium",
    category: "Managed",
    price: 2500,
    name: "Managed IT Services (Monthly)",
    description: "A month of fully managed IT: monitoring, patching, helpdesk and reporting.",
  }, // spec
  {
    id: "p3",
    tier: "premium",
    category: "Development",
    price: 8000,
    name: "Custom Software Development",
    description: "A web or mobile application built to your requirements, from discovery to launch.",
  }, // spec
  {
    id: "p4",
    tier: "premium",
    category: "Security",
    price: 3500,
    name: "Enterprise Security Audit",
    description: "In-depth audit against ISO 27001 controls with penetration testing and a board report.",
  }, // spec
  {
    id: "p5",
    tier: "premium",
    category: "Consulting",
    price: 6000,
    name: "Digital Transformation Consulting",
    description: "A roadmap for modernising processes and systems, with change management support.",
  }, // spec
  {
    id: "p6",
    tier: "premium",
    category: "Support",
    price: 12000,
    name: "24/7 Support Package (Annual)",
    description: "A year of round-the-clock support with guaranteed response times and on-site visits.",
  }, // spec
];

export const quoteTiers: { tier: Tier; heading: string }[] = [
  { tier: "entry", heading: "Entry Level ($20-$100)" },
  { tier: "small", heading: "Small Business ($100-$500)" },
  { tier: "medium", heading: "Medium Business ($500-$2,000)" },
  { tier: "premium", heading: "Premium Services ($2,000+)" },
];
