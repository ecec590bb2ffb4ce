import { paths } from "../paths.ts";
import { company } from "../site/company-copy.ts";
import type { ContactField } from "./contact-message-schema.ts";

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
  /** Shown when the server refuses or cannot be reached; what the visitor typed stays in the form. */
  failure: {
    title: "Message not sent",
    fallback: `Your message could not be sent. Please try again in a moment, or e-mail us at ${company.emails.general.display}.`,
  },
  /**
   * A field people never see or fill in; form-filling bots do. Off-screen rather than display:none,
   * which some bots skip, and out of the tab order and the accessibility tree.
   */
  honeypot: { name: "website", label: "Website (leave this field empty)" },
};

/** The answers of POST /api/contact: one sentence each, shown to the visitor as they are. */
export const contactApiMessages = {
  rateLimited: "Too many messages from your connection. Please wait a minute and try again.",
  hourlyLimit: `You have sent as many messages as we accept from one connection in an hour. Please try again later, or e-mail us at ${company.emails.general.display}.`,
  busy: `The contact form is receiving an unusual number of messages and is paused for a minute. Please try again shortly, or e-mail us at ${company.emails.general.display}.`,
  invalid: (problems: string) => `Please check your message: ${problems}.`,
  invalidIntro: "Please check your message:",
  malformed: "Your message could not be read. Please try again.",
  unsupported: "Send the message as a form or as JSON.",
  tooLarge: "Your message is too long to send. Please shorten it and try again.",
  storeFailed: `Your message could not be saved. Please try again in a moment, or e-mail us at ${company.emails.general.display}.`,
  methodNotAllowed: "Use POST to send a message.",
};

/** The pages a visitor without JavaScript sees after posting the form. */
export const contactResultCopy = {
  sent: {
    meta: { title: "Message Sent!", description: "Your message has reached us." },
    title: "Message Sent!",
    text: "We'll get back to you within 24 hours.",
    actions: [
      { label: "Back to Home", href: paths.home, variant: "primary" },
      { label: "Back to Contact", href: paths.contact, variant: "outline" },
    ],
  },
  notSent: {
    meta: { title: "Message Not Sent", description: "Your message could not be sent." },
    title: "Message Not Sent",
    back: "Go back to the form",
    backHint: "Your browser's Back button returns to the form with what you typed.",
  },
} as const;

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
