import { paths } from "../paths.ts";
import type { Feature } from "./claims-copy.ts";
import { company } from "./company-copy.ts";
import type { NavLink } from "./navigation-copy.ts";

export const aboutMeta = {
  title: "About Us",
  description: `${company.name} is a registered Nairobi IT consultancy founded in ${company.founded}: our story, values, director, vision and commitment to digital inclusion.`,
};

export const aboutHero = {
  eyebrow: "About Us",
  title: "Your Technology Partner in East Africa",
  lead: "A Nairobi consultancy built to give growing African businesses the strategy, engineering and support once reserved for the largest enterprises.",
};

export const aboutStatsHeading = "At a Glance";

export const story = {
  eyebrow: "Our Story",
  title: `Founded in ${company.address.city} in ${company.founded}`,
  paragraphs: [
    `${company.name} was founded in ${company.address.city} in ${company.founded} by consultants who had spent more than a decade delivering technology projects for banks, hospitals, logistics firms and NGOs across the region.`,
    "Again and again we saw capable businesses held back by systems that were costly, fragile or simply the wrong fit, and by advisers who sold products rather than solved problems. We started the company to do it differently: independent advice, honest pricing and engineers who stay until the results show.",
    "Today our team supports organisations in Kenya, Uganda, Tanzania and Rwanda, from first strategy workshop to 24/7 managed support.",
  ],
  facts: [
    { label: "Founded", value: String(company.founded) },
    { label: "Headquarters", value: `${company.address.city}, ${company.address.country}` },
    { label: "Registration No.", value: company.registrationNumber },
    { label: "Business hours", value: `${company.hours.days}, ${company.hours.open}-${company.hours.close} EAT` },
  ],
};

export const valuesSection = {
  eyebrow: "What Guides Us",
  title: "Our Values",
  lead: "Four principles shape every recommendation we make and every system we build.",
};

export const values: Feature[] = [
  {
    title: "Integrity",
    text: "Independent, honest advice. We recommend what serves you, even when that means a smaller project.",
    icon: "shield",
  },
  {
    title: "Innovation",
    text: "We apply proven new technology where it creates real value, never novelty for its own sake.",
    icon: "lightbulb",
  },
  {
    title: "Reliability",
    text: "We meet deadlines, keep promises and build systems that stay up when you need them.",
    icon: "checkCircle",
  },
  {
    title: "Partnership",
    text: "We work alongside your team, share what we know and measure success by yours.",
    icon: "users",
  },
];

export const commitmentsSection = {
  eyebrow: "Our Promise",
  title: "Our Commitments",
  lead: "What every client can expect from us, on every engagement.",
};

export const commitments: Feature[] = [
  {
    title: "Client-First",
    text: "Your goals set the scope. A named consultant owns your account and answers within 24 hours.",
    icon: "heart",
  },
  {
    title: "Continuous Learning",
    text: "Our engineers train and certify every year, so your systems benefit from current practice.",
    icon: "graduationCap",
  },
  {
    title: "Quality Assurance",
    text: "Peer review, testing and documented handovers on every deliverable, before it reaches you.",
    icon: "badgeCheck",
  },
  {
    title: "Measurable Results",
    text: "We agree the figures that define success up front, and report on them until they are met.",
    icon: "chart",
  },
];

export const directorSection = {
  eyebrow: "Leadership",
  title: "Meet Our Director",
  bio: [
    `${company.director.name} has spent over ten years leading infrastructure, security and digital transformation programmes for financial institutions, health providers and development organisations across East Africa.`,
    `He founded ${company.name} to bring that enterprise experience to growing businesses at a fair price, and still leads the strategy work on every new engagement.`,
  ],
  quote:
    "Technology should earn its place in a business. Our job is to make sure every shilling spent on IT comes back as time, savings or growth.",
};

export const visionMission: Feature[] = [
  {
    title: "Our Vision",
    text: "An Africa where every business, whatever its size, runs on secure, reliable technology that helps it compete with the best in the world.",
    icon: "eye",
  },
  {
    title: "Our Mission",
    text: "To deliver practical, affordable IT strategy, engineering and support that produce measurable results for the businesses and communities we serve.",
    icon: "target",
  },
];

export const visionMissionSection = { eyebrow: "Where We Are Going", title: "Vision & Mission" };

export const csrSection = {
  eyebrow: "Giving Back",
  title: "Corporate Social Responsibility",
  lead: "Technology should open doors for everyone. We give a share of our time and skills to the communities around us.",
};

export const csrInitiatives: Feature[] = [
  {
    title: "Digital Literacy for Youth",
    text: "Free weekend coding and computer skills workshops for young people in Nairobi, run by our own engineers in partnership with local schools and youth groups.",
    icon: "graduationCap",
  },
  {
    title: "Pro Bono Work for Non-Profits",
    text: "Each year we set aside consulting hours for community organisations and non-profits that cannot afford professional IT help, from security reviews to system setup.",
    icon: "handHeart",
  },
];

export const aboutCta = {
  title: "Let's Build Something Great Together",
  lead: "Start with a free initial consultation. No obligation, and a reply within 24 hours.",
  primary: { label: "Schedule a Free Consultation", href: paths.contact } satisfies NavLink,
  secondary: { label: "Explore Our Services", href: paths.services } satisfies NavLink,
};
