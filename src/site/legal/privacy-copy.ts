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
          `the few facts our website counts about its use, without cookies and without storing anything on your device, as described under "${countingHeading}" below.`,
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
          ` (our legitimate interests, with data minimisation: we count only the few facts listed under "${countingHeading}", and nothing that identifies you).`,
        ],
        [
          { strong: "To send you news about our services" },
          " (your consent, which you may withdraw at any time using the unsubscribe link in every message).",
        ],
      ],
      closing: [
        "We do not sell personal data, and we do not make decisions about you based solely on automated processing.",
        "You may object to the counting of visits at any time, as to any processing based on our legitimate interests, and we will consider your objection with care. We should be open about one limit: because each visitor is counted only by a code that cannot be traced back to an address or a person, we cannot find your visits among the counts, or tell you which were yours, even with your help, and we will never try to identify anyone in order to do so. What we can do is stop counting you as a visitor from now on: if your browser sends the Global Privacy Control or Do Not Track signal, no visitor hash is made for your visits at all, and each page view is counted on its own, as no one's. The counts are deleted after 3 months in any case.",
      ],
    },
    {
      heading: countingHeading,
      paragraphs: [
        "To understand how our website is used, so that we can improve it, the website counts a few events. It does so on our own server, from the requests your browser already sends, without cookies and without storing anything on your device. It counts:",
      ],
      list: [
        [
          { strong: "Page views: " },
          "the page's route (for a page about one quote or order, only the kind of page, never its number), the referring website's host name only (for example www.google.com, never the address of the page or the search that led you here), the country your connection comes from, as the network reports it, and whether your device is a phone, tablet or computer, as your browser's user agent says.",
        ],
        [{ strong: "Carts started: " }, "a service added to the cart."],
        [{ strong: "Quotes saved: " }, "a quote downloaded from the custom quote page."],
        [{ strong: "Checkouts started: " }, "a checkout opened, and whether by card or by M-Pesa."],
        [
          { strong: "Payments: " },
          "whether a payment by card, M-Pesa, paybill or bank transfer succeeded or failed and, for M-Pesa, the result code M-Pesa returned (for example, that the prompt was cancelled). A payment is counted with no visitor attached to it.",
        ],
      ],
      closing: [
        "To tell how many different visitors came on a day without knowing who they are, the first four of these carry a one-way hash (a code that cannot be turned back into what it was made from) of a random salt made each day, your network address (for an IPv6 address, only its /64 network) and your browser's user agent, together with the country and device type above. The same browser on the same network counts as one visitor for that day. The salt is deleted as soon as the next day's counting begins (and each morning in any case), so the hash cannot be traced back to an address or a person, nor linked to the same browser on another day. Your network address itself is not kept with the counts.",
        "Automated visitors (bots), recognised by our hosting provider's bot signal where it has one or by the name their software gives itself, are marked and left out of the figures.",
        "The events are kept by Cloudflare Workers Analytics Engine for 3 months, then deleted. We look at them only as totals. We use no third-party tracker and no advertising, and we do not sell or share the counts with anyone.",
      ],
    },
    {
      heading: "Who We Share Your Data With",
      paragraphs: [
        "We share personal data only with those who need it to help us serve you, under written contracts that require them to protect it:",
      ],
      list: [
        "our payment processor (Stripe), which handles card payments on its hosted payment page, and the banks and mobile money operators (Safaricom for M-Pesa) that process your payments;",
        "our website hosting and content delivery provider (Cloudflare), which also sends the e-mails our website sends and keeps the website counts, and our e-mail and productivity providers;",
        "WhatsApp (Meta Platforms), only when you choose to message us there: our website's WhatsApp link opens WhatsApp with a message naming your quote or order, which you can edit before sending, and tells WhatsApp nothing else. Once you send it, WhatsApp handles your phone number, profile and messages under its own privacy policy, and your conversation with us is kept like any other correspondence;",
        "our accountants, auditors, lawyers and insurers, where needed for their professional services; and",
        "public authorities, courts or regulators, where the law requires us to disclose it.",
      ],
    },
    {
      heading: "International Transfers",
      paragraphs: [
        "Some of our service providers store or process personal data outside Kenya. We transfer personal data abroad only as sections 48 to 50 of the Act and the transfer rules of the Data Protection (General) Regulations, 2021 allow: with appropriate safeguards for its security and protection set out in a binding contract, where the transfer is necessary to perform our contract with you, or with your consent where the Act requires it. We keep a record of each transfer and its safeguard, and give it to the Data Commissioner on request. The providers that receive personal data abroad are:",
      ],
      list: [
        [
          { strong: "Cloudflare: " },
          "hosts our website, the website's database and its stored documents (such as quotes and receipts), and keeps the website counts. Cloudflare processes data in its global network of data centres, in many countries including the United States and the European Union. Safeguard: Cloudflare's Data Processing Addendum, which binds Cloudflare to process personal data only on our instructions and to protect it, and includes standard contractual clauses for international transfers.",
        ],
        [
          { strong: "Stripe: " },
          "processes card payments on its hosted payment page and keeps the payment records, in the United States and other countries where Stripe operates. Safeguard: Stripe's Data Processing Agreement, with its standard contractual clauses for international transfers. Stripe also uses some payment data as a controller in its own right, for example to prevent fraud, under its own privacy policy.",
        ],
        [
          { strong: "Our e-mail provider, Cloudflare Email Service: " },
          "sends the e-mails our website sends (order confirmations, receipts, quotes and replies), with your name, e-mail address and what each e-mail is about. It is part of Cloudflare, and the same Data Processing Addendum, with its standard contractual clauses, is its safeguard. Once delivered, an e-mail is handled by your own e-mail provider.",
        ],
      ],
      closing: [
        "M-Pesa payments are processed by Safaricom, and our tax invoices are reported to the Kenya Revenue Authority through eTIMS: both are in Kenya, so neither is a transfer abroad. If you choose to message us on WhatsApp, or open the map on our contact page (loaded from OpenStreetMap), your own device connects to those services, outside Kenya, under their own terms.",
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
        "If a personal data breach is likely to put your rights at risk, we will notify the Data Commissioner and the people affected without delay, and in any case within 48 hours of becoming aware of it: sooner than the 72 hours that section 43 of the Act allows for notifying the Data Commissioner. The notice will describe what happened, the data involved, the likely consequences, the measures we have taken, and what you can do to protect yourself.",
      ],
    },
    {
      heading: "How Long We Keep Your Data",
      paragraphs: [
        "We keep client records, including contracts, invoices, payment records and correspondence, for the duration of the client relationship plus 7 years, so that we can meet our tax, accounting and legal obligations and deal with any claims.",
        "Enquiries that do not lead to an engagement, and technical logs, are kept only for as long as they are needed for the purpose they were collected for. When personal data is no longer needed, we delete it or anonymise it securely.",
        "The website counts are deleted after 3 months, and each day's salt as soon as the next day's counting begins.",
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
        "We answer your request within 7 days of receiving it, and a request for data portability within 30 days, as the Data Protection (General) Regulations, 2021 require. If we cannot do all that you ask, for example because the law requires us to keep a record, we tell you why within the same time.",
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
