import { paths } from "../../paths.ts";
import { company, hoursText } from "../company-copy.ts";
import type { LegalDate, LegalPath, LinkRun, RichText } from "./legal-types.ts";

/** Every legal document carries the same date. */
export const legalLastUpdated: LegalDate = { text: "January 17, 2025", iso: "2025-01-17" };

export const legalLabels = {
  eyebrow: "Legal",
  lastUpdated: "Last Updated:",
  toc: "On this page",
  related: "Related policies",
};

const legalTitles: Record<LegalPath, string> = {
  [paths.terms]: "Terms of Service",
  [paths.privacy]: "Privacy Policy",
  [paths.refund]: "Refund Policy",
  [paths.cookie]: "Cookie Policy",
  [paths.dpa]: "Data Processing Addendum",
  [paths.aup]: "Acceptable Use Policy",
};

/** A link to another legal document, by default named by its title. */
export const doc = (path: LegalPath, text = legalTitles[path]): LinkRun => ({ text, href: path });

export const generalEmail: LinkRun = { text: company.emails.general.display, href: company.emails.general.href };
export const supportEmail: LinkRun = { text: company.emails.support.display, href: company.emails.support.href };
const phoneLink: LinkRun = { text: company.phone.display, href: company.phone.href };

const postalAddress = [
  ...company.address.lines,
  `${company.address.city} ${company.address.postalCode}`,
  company.address.country,
].join(", ");

export const companyIdentity = `${company.legalName}, a private limited company registered in Kenya under the Companies Act, 2015 (registration number ${company.registrationNumber}), with its office at ${postalAddress}`;

/** The closing "how to reach us" list every document ends with. */
export const contactList: readonly RichText[] = [
  [{ strong: "Company: " }, `${company.legalName} (registration number ${company.registrationNumber})`],
  [{ strong: "Address: " }, postalAddress],
  [{ strong: "General and data protection enquiries: " }, generalEmail],
  [{ strong: "Clients, billing and refunds: " }, supportEmail],
  [{ strong: "Phone: " }, phoneLink],
  [{ strong: "Business hours: " }, hoursText],
];
