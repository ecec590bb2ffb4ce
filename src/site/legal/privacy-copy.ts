import { paths } from "../../paths.ts";
import { company } from "../company-copy.ts";
import { companyIdentity, contactList, doc, generalEmail, legalLastUpdated } from "./legal-shared-copy.ts";
import type { LegalDocument } from "./legal-types.ts";

const introduction = `This Privacy Policy explains how ${companyIdentity} ("we", "us", "our"), handles personal data when you visit our website, contact us, buy our services or work with us as a client.`;
const registered =
  'We process personal data in accordance with the Data Protection Act, 2019 of Kenya (the "Act") and the regulations made under it, and we are registered with the Office of the Data Protection Commissioner (ODPC) as a data controller and data processor.';

/** The section on the website's counting, which other sections point to by its heading. */
const countingHeading = "How We Count Visits to Our Website";

export const privacy: LegalDocument = {
  path: paths.privacy,
  title: "Privacy Policy",
  description: `How ${company.legalName} collects, uses, shares and protects personal data under Kenya's Data Protection Act, 2019.`,
  lastUpdated: legalLastUpdated,
  intro: [introduction, registered],
  sections: [
    {
      heading: "Who Is Responsible for Your Data",
      paragraphs: [
        `${company.legalName} is the data controller for the personal data described in this policy.`,
        [
          "When we handle personal data inside your systems while delivering services to you (for example, during a cloud migration or as part of managed IT support), we act as your data processor, and our ",
          doc(paths.dpa),
          " governs that processing instead of this policy.",
        ],
      ],
    },
    {
      heading: "Personal Data We Collect",
      paragraphs: ["We collect only what we need for the purposes described below:"],
      list: [
        [
          { strong: "Contact enquiries: " },
          "your full name, e-mail address, company, phone number and message when you use our contact form, e-mail or call us.",
        ],
        [
          { strong: "Orders and billing: " },
          "your name, e-mail address, phone number, company, and billing address (street, city, state or county, postal code and country) when you order services, together with the services ordered and amounts paid.",
        ],
        [
          { strong: "Payment information: " },
          "card payments are made on the secure hosted page of our payment processor; we never see or store your full card number. For mobile money and bank transfers we keep the transaction reference, payer name and amount.",
        ],
        [
          { strong: "Client relationship data: " },
          "names, job titles and contact details of your staff who work with us, meeting notes, support tickets and correspondence.",
        ],
        [
          { strong: "Technical data: " },
          "IP address, browser type and the pages requested, recorded in our hosting provider's security logs when you visit the website.",
        ],
        [
          { strong: "Website counts: " },
          `what our website counts about its use, without cookies (see "${countingHeading}").`,
        ],
      ],
      closing: [
        "We do not knowingly collect sensitive personal data, such as health, biometric or financial account data, except where a client instructs us to process it as their data processor.",
      ],
    },
    {
      heading: "How We Use Your Data and Our Lawful Bases",
      paragraphs: ["We use personal data only where the Act allows it:"],
      list: [
        [
          { strong: "To reply to your enquiry and prepare quotes" },
          " (steps you ask us to take before entering into a contract).",
        ],
        [
          { strong: "To deliver, bill and support the services you buy" },
          " (performance of our contract with you or your organisation).",
        ],
        [
          { strong: "To keep accounting and tax records and meet other legal duties" },
          " (compliance with legal obligations, including Kenya Revenue Authority requirements).",
        ],
        [
          { strong: "To keep our website and systems secure and to prevent fraud" },
          " (our legitimate interests, balanced against your rights).",
        ],
        [
          { strong: "To count visits to our website, so that we understand how it is used and can improve it" },
          " (our legitimate interests, with data minimisation: nothing that identifies you).",
        ],
        [
          { strong: "To send you news about our services" },
          " (your consent, which you may withdraw at any time using the unsubscribe link in every message).",
        ],
      ],
      closing: [
        "We do not sell personal data, and we do not make decisions about you based solely on automated processing.",
        "You may object to the counting of visits at any time. As no count can be traced back to you, we cannot find your visits among the counts; but if your browser sends the Global Privacy Control or Do Not Track signal, no visitor hash is made for your visits.",
      ],
    },
    {
      heading: countingHeading,
      paragraphs: [
        "Our website counts page views, carts started, quotes saved, checkouts started and payments on our own server, without cookies and without storing anything on your device. A visitor is counted for one day by a one-way hash of a random salt made each day, the network address (for IPv6, only its /64 network) and the browser's user agent. The salt is deleted as soon as the next day's counting begins, so no count can be traced back to an address or a person. Bots are left out of the figures. The counts are kept by Cloudflare Workers Analytics Engine for 3 months, then deleted. We use no third-party tracker and no advertising.",
        ["Our ", doc(paths.cookie), " lists exactly what each count holds."],
      ],
    },
    {
      heading: "Who We Share Your Data With",
      paragraphs: [
        "We share personal data only with those who need it to help us serve you, under written contracts that require them to protect it:",
      ],
      list: [
        "our payment processor (Stripe), which handles card payments on its hosted payment page, and the banks and mobile money operators (Safaricom for M-Pesa) that process your payments;",
        "our website hosting and content delivery provider (Cloudflare), which also sends our website's e-mails and keeps its counts, and our e-mail and productivity providers;",
        "WhatsApp (Meta Platforms), only when you choose to message us there: our website's WhatsApp link opens WhatsApp with a message naming your quote or order, which you can edit before sending, and tells WhatsApp nothing else. Once you send it, WhatsApp handles your phone number, profile and messages under its own privacy policy, and your conversation with us is kept like any other correspondence;",
        "our accountants, auditors, lawyers and insurers, where needed for their professional services; and",
        "public authorities, courts or regulators, where the law requires us to disclose it.",
      ],
    },
    {
      heading: "International Transfers",
      paragraphs: [
        "Some of our service providers store or process personal data outside Kenya. We transfer personal data abroad only as sections 48 to 50 of the Act and the Data Protection (General) Regulations, 2021 allow: with appropriate safeguards in a binding contract, where the transfer is needed to perform our contract with you, or with your consent. We keep a record of each transfer and its safeguard for the Data Commissioner. The providers that receive personal data abroad are:",
      ],
      list: [
        [
          { strong: "Cloudflare: " },
          "hosts our website, its database and stored documents (such as quotes and receipts), and keeps the website counts, in data centres worldwide, including the United States and the European Union. Safeguard: Cloudflare's Data Processing Addendum, with standard contractual clauses.",
        ],
        [
          { strong: "Stripe: " },
          "processes card payments on its hosted payment page and keeps the payment records, in the United States and other countries where it operates. Safeguard: Stripe's Data Processing Agreement, with standard contractual clauses. Stripe also uses some payment data as a controller in its own right, for example to prevent fraud.",
        ],
        [
          { strong: "Our e-mail provider, Cloudflare Email Service: " },
          "sends our website's e-mails (order confirmations, receipts, quotes) with your name, e-mail address and what each is about, under the same Data Processing Addendum.",
        ],
      ],
      closing: [
        "M-Pesa payments are processed by Safaricom, and our tax invoices are reported to the Kenya Revenue Authority through eTIMS: both are in Kenya, so neither is a transfer abroad. WhatsApp and the map on our contact page (OpenStreetMap) are reached by your own device, under their own terms.",
      ],
    },
    {
      heading: "How We Protect Your Data",
      paragraphs: ["We apply technical and organisational measures suited to the risk, including:"],
      list: [
        "encryption of data in transit (TLS) and, where supported, at rest;",
        "multi-factor authentication and least-privilege access for our staff;",
        "confidentiality undertakings and regular security training for everyone who handles personal data;",
        "patching, monitoring and tested backups of the systems we use; and",
        "secure deletion of data and media that are no longer needed.",
      ],
    },
    {
      heading: "Data Breach Notification",
      paragraphs: [
        "If a personal data breach is likely to put your rights at risk, we will notify the Data Commissioner and the people affected without delay, and in any case within 48 hours of becoming aware of it (the Act allows 72 hours for notifying the Data Commissioner). The notice will describe what happened, the data involved, the likely consequences, the measures we have taken, and what you can do to protect yourself.",
      ],
    },
    {
      heading: "How Long We Keep Your Data",
      paragraphs: [
        "We keep client records, including contracts, invoices, payment records and correspondence, for the duration of the client relationship plus 7 years, so that we can meet our tax, accounting and legal obligations and deal with any claims.",
        "Enquiries that do not lead to an engagement, and technical logs, are kept only for as long as they are needed for the purpose they were collected for. When personal data is no longer needed, we delete it or anonymise it securely.",
        "The website counts are deleted after 3 months.",
      ],
    },
    {
      heading: "Your Rights",
      paragraphs: ["Under the Act you have the right to:"],
      list: [
        [{ strong: "be informed" }, " of how your personal data is used, as this policy does;"],
        [{ strong: "access" }, " the personal data we hold about you;"],
        [
          { strong: "object" },
          " to the processing of all or part of your personal data, including for direct marketing;",
        ],
        [{ strong: "correct" }, " data that is false or misleading;"],
        [{ strong: "delete" }, " data that is false, misleading or no longer needed;"],
        [{ strong: "data portability" }, ", receiving your data in a structured, commonly used format; and"],
        [{ strong: "withdraw your consent" }, " at any time, where we rely on it."],
      ],
      closing: [
        [
          "To exercise a right, e-mail ",
          generalEmail,
          ' with "Data Protection Request" in the subject line, or write to us or call us (see Contact Us). We may ask you to confirm your identity. Exercising your rights is free of charge.',
        ],
        "We answer your request within 7 days of receiving it, and a request for data portability within 30 days, as the Data Protection (General) Regulations, 2021 require. If we cannot do all that you ask, we tell you why within the same time.",
      ],
    },
    {
      heading: "Complaints",
      paragraphs: [
        "If you are unhappy with how we have handled your personal data, please contact us first so that we can try to put it right. You also have the right to lodge a complaint with the Office of the Data Protection Commissioner (ODPC), the supervisory authority in Kenya, at www.odpc.go.ke.",
      ],
    },
    {
      heading: "Cookies and Browser Storage",
      paragraphs: [
        [
          "Our website sets no cookies of its own and uses no third-party tracking or advertising technology. It stores only your cart, in your own browser, so that your selection is remembered between pages, and it counts visits without storing anything on your device. Our ",
          doc(paths.cookie),
          " explains exactly what is stored, what is counted and how to remove the cart.",
        ],
      ],
    },
    {
      heading: "Children",
      paragraphs: [
        "Our website and services are intended for businesses and organisations. They are not directed at children, and we do not knowingly collect personal data from anyone under 18.",
      ],
    },
    {
      heading: "Changes to This Policy",
      paragraphs: [
        "We may update this policy to reflect changes in our services or in the law. The date at the top of this page shows when it last changed; significant changes will also be communicated to active clients by e-mail.",
      ],
    },
    {
      heading: "Contact Us",
      paragraphs: ["For any question about this policy or your personal data, contact us:"],
      list: contactList,
    },
  ],
};

/**
 * The privacy policy as the site shows it: with the owner's ODPC registration number (a setting)
 * right after the statement that we are registered, or without any number while none is set;
 * never a placeholder.
 */
export function privacyNaming(registration: string | null | undefined): LegalDocument {
  if (!registration) return privacy;
  return {
    ...privacy,
    intro: [introduction, [registered, " Our ODPC registration number is ", { strong: registration }, "."]],
  };
}
