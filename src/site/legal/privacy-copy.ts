import { paths } from "../../paths.ts";
import { company } from "../company-copy.ts";
import { companyIdentity, contactList, doc, generalEmail, legalLastUpdated } from "./legal-shared-copy.ts";
import type { LegalDocument } from "./legal-types.ts";

export const privacy: LegalDocument = {
  path: paths.privacy,
  title: "Privacy Policy",
  description: `How ${company.legalName} collects, uses, shares and protects personal data under Kenya's Data Protection Act, 2019.`,
  lastUpdated: legalLastUpdated,
  intro: [
    `This Privacy Policy explains how ${companyIdentity} ("we", "us", "our"), handles personal data when you visit our website, contact us, buy our services or work with us as a client.`,
    'We process personal data in accordance with the Data Protection Act, 2019 of Kenya (the "Act") and the regulations made under it, and we are registered with the Office of the Data Protection Commissioner (ODPC) as a data controller and data processor.',
  ],
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
          { strong: "To send you news about our services" },
          " (your consent, which you may withdraw at any time using the unsubscribe link in every message).",
        ],
      ],
      closing: [
        "We do not sell personal data, and we do not make decisions about you based solely on automated processing.",
      ],
    },
    {
      heading: "Who We Share Your Data With",
      paragraphs: [
        "We share personal data only with those who need it to help us serve you, under written contracts that require them to protect it:",
      ],
      list: [
        "our payment processor, which handles card payments on its hosted payment page, and the banks and mobile money operators that process your payments;",
        "our website hosting and content delivery provider, and our e-mail and productivity providers;",
        "WhatsApp (Meta Platforms), only when you choose to message us there: our website's WhatsApp link opens WhatsApp with a message naming your quote or order, which you can edit before sending, and tells WhatsApp nothing else. Once you send it, WhatsApp handles your phone number, profile and messages under its own privacy policy, and your conversation with us is kept like any other correspondence;",
        "our accountants, auditors, lawyers and insurers, where needed for their professional services; and",
        "public authorities, courts or regulators, where the law requires us to disclose it.",
      ],
    },
    {
      heading: "International Transfers",
      paragraphs: [
        "Some of our service providers store or process data outside Kenya. We transfer personal data abroad only in line with sections 48 to 50 of the Act: where the recipient country or the recipient itself offers appropriate safeguards for the security and protection of the data, such as binding contractual clauses, or with your consent where the Act requires it.",
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
        "If a personal data breach is likely to put your rights at risk, we will notify the Data Commissioner and the people affected without delay, and in any case within 48 hours of becoming aware of it. The notice will describe what happened, the data involved, the likely consequences, the measures we have taken, and what you can do to protect yourself.",
      ],
    },
    {
      heading: "How Long We Keep Your Data",
      paragraphs: [
        "We keep client records, including contracts, invoices, payment records and correspondence, for the duration of the client relationship plus 7 years, so that we can meet our tax, accounting and legal obligations and deal with any claims.",
        "Enquiries that do not lead to an engagement, and technical logs, are kept only for as long as they are needed for the purpose they were collected for. When personal data is no longer needed, we delete it or anonymise it securely.",
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
          ' with "Data Protection Request" in the subject line. We may ask you to confirm your identity, and we will respond within the time limits set by the Act and its regulations. Exercising your rights is free of charge.',
        ],
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
          "Our website uses no tracking or advertising cookies. It stores your cart in your own browser so that your selection is remembered between pages. Our ",
          doc(paths.cookie),
          " explains exactly what is stored and how to remove it.",
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
