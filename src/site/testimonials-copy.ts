import { paths } from "../paths.ts";

/** A client testimonial (spec section 3). The metric is the result the client measured. */
export type Testimonial = {
  quote: string;
  author: string;
  role: string;
  company: string;
  metric: string;
};

export const testimonials: Testimonial[] = [
  {
    quote:
      "They automated our shipment documentation and linked it to our clearing agents' systems. Consignments that took a full day to process now clear before lunch.",
    author: "Amina Hassan",
    role: "Chief Operating Officer",
    company: "Pwani Freight Logistics, Mombasa",
    metric: "60% faster processing",
  },
  {
    quote:
      "Moving our twelve stores to the cloud and one support plan replaced three vendors and a room full of ageing servers. The savings paid for the project within a year.",
    author: "James Mugisha",
    role: "Finance Director",
    company: "Kampala Fresh Markets",
    metric: "40% cost reduction",
  },
  {
    quote:
      "Patient records are now secure, backed up and available at all four clinics. When something does go wrong, their team answers at any hour and fixes it.",
    author: "Dr. Neema Kileo",
    role: "Medical Director",
    company: "Kilimanjaro Family Clinics, Arusha",
    metric: "Zero unplanned downtime",
  },
];

export const testimonialsSection = {
  eyebrow: "Client Success",
  title: "What Our Clients Say",
  lead: "Businesses across East Africa measure the difference in time, money and peace of mind.",
  resultLabel: "Result",
  cta: { label: "View All Case Studies", href: paths.contact },
};
