import type { ContactField } from "../schemas/contact-message.ts";
import { company } from "./company.ts";

export const contactMeta = {
  title: "Contact Us",
  description: `Contact ${company.name} in Westlands, Nairobi: send a message, call us or visit our office. Free initial consultation and a reply within 24 hours.`,
};

export const contactHero = {
  eyebrow: "Contact Us",
  title: "Let's Talk About Your Project",
  lead: "Tell us what you need. Your first consultation is free, every quote is no-obligation, and we reply within 24 hours.",
};

export type ContactFieldCopy = {
  name: ContactField;
  label: string;
  type: "text" | "email" | "tel" | "textarea";
  required: boolean;
  autoComplete: string;
  placeholder: string;
};

export const contactForm = {
  heading: "Send Us a Message",
  intro: "Share a few details about your business and what you would like to achieve.",
  requiredNote: "Fields marked * are required.",
  optional: "(optional)",
  fields: [
    {
      name: "name",
      label: "Full Name",
      type: "text",
      required: true,
      autoComplete: "name",
      placeholder: "Jane Wanjiku",
    },
    {
      name: "email",
      label: "Email",
      type: "email",
      required: true,
      autoComplete: "email",
      placeholder: "jane@company.co.ke",
    },
    {
      name: "company",
      label: "Company",
      type: "text",
      required: false,
      autoComplete: "organization",
      placeholder: "Company Ltd",
    },
    {
      name: "phone",
      label: "Phone",
      type: "tel",
      required: false,
      autoComplete: "tel",
      placeholder: "+254 7XX XXX XXX",
    },
    {
      name: "message",
      label: "Message",
      type: "textarea",
      required: true,
      autoComplete: "off",
      placeholder: "Tell us about your project, your current setup and your timeline.",
    },
  ] satisfies ContactFieldCopy[],
  submit: "Send Message",
  submitting: "Sending...",
  success: { title: "Message Sent!", description: "We'll get back to you within 24 hours." },
  /** The send is simulated (no server call yet): this long, then the form clears and toasts. */
  simulatedDelayMs: 1000,
};

export const contactDetails = {
  heading: "Contact Information",
  labels: {
    address: "Office",
    phone: "Phone",
    email: "Email",
    hours: "Business Hours",
    response: "Response Time",
  },
  responseText: "We reply to every message within 24 hours.",
  callNow: "Call Now",
  callNote: "Prefer to talk? Call us during business hours.",
};

const { latitude, longitude } = company.geo;
/** Half the width and height of the map's view, in degrees: a few streets around the office. */
const SPAN = { lon: 0.008, lat: 0.005 };
const bbox = [longitude - SPAN.lon, latitude - SPAN.lat, longitude + SPAN.lon, latitude + SPAN.lat]
  .map((n) => n.toFixed(4))
  .join(",");

export const officeMap = {
  heading: "Visit Our Office",
  lead: `${company.address.lines.join(", ")}, ${company.address.city}. Visits are by appointment during business hours.`,
  title: `Map showing the ${company.name} office in Westlands, Nairobi`,
  embedUrl: `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(bbox)}&layer=mapnik&marker=${latitude},${longitude}`,
  largerMapUrl: `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`,
  largerMapLabel: "View larger map",
  width: 1200,
  height: 420,
};
