import { paths } from "../../paths.ts";
import { company, hoursText } from "../company-copy.ts";
import { companyIdentity, contactList, doc, generalEmail, legalLastUpdated } from "./legal-shared-copy.ts";
import type { LegalDocument } from "./legal-types.ts";

export const dpa: LegalDocument = {
  path: paths.dpa,
  title: "Data Processing Addendum",
  description: `The terms on which ${company.legalName} processes personal data on behalf of its clients, under Kenya's Data Protection Act, 2019.`,
  lastUpdated: legalLastUpdated,
  intro: [
    `This Data Processing Addendum ("DPA") applies whenever ${companyIdentity} ("we", "the Processor"), processes personal data on behalf of a client ("you", "the Controller") while providing services.`,
    [
      "It forms part of our ",
      doc(paths.terms),
      " and any Proposal between us. If this DPA conflicts with the Terms on a matter of data protection, this DPA prevails.",
    ],
  ],
  sections: [
    {
      heading: "Definitions",
      paragraphs: [
        'Words used in this DPA have the meaning given in the Data Protection Act, 2019 (the "Act"). In particular:',
      ],
      list: [
        [
          { strong: "Personal data" },
          " means any information relating to an identified or identifiable natural person.",
        ],
        [
          { strong: "Client personal data" },
          " means personal data that we process on your behalf in the course of the services, such as data held in the systems we manage, migrate or build for you.",
        ],
        [
          { strong: "Personal data breach" },
          " means a breach of security leading to the accidental or unlawful destruction, loss, alteration, unauthorised disclosure of, or access to, client personal data.",
        ],
        [{ strong: "Sub-processor" }, " means a third party we engage to process client personal data."],
        [{ strong: "Data Commissioner" }, " means the Office of the Data Protection Commissioner (ODPC) of Kenya."],
      ],
    },
    {
      heading: "Roles and Instructions",
      paragraphs: [
        "You are the data controller of client personal data and we are your data processor. You are responsible for having a lawful basis for the processing, for the accuracy of the data, and for the instructions you give us.",
        "We process client personal data only on your documented instructions, which are set out in the Terms, the Proposal and this DPA, or given later in writing, unless the law of Kenya requires otherwise. We will tell you promptly if we believe an instruction breaches the Act.",
      ],
    },
    {
      heading: "Our Obligations",
      paragraphs: ["As your processor, we will:"],
      list: [
        "process client personal data only for the purpose of providing the services, and never for our own purposes;",
        "ensure that everyone authorised to process it is bound by a duty of confidentiality;",
        "implement the security measures described in section 4;",
        "assist you, taking into account the nature of the processing, in responding to requests from data subjects exercising their rights under the Act;",
        "assist you with data protection impact assessments and prior consultation with the Data Commissioner where the Act requires them;",
        "keep a record of the processing we carry out on your behalf; and",
        "make available the information you reasonably need to demonstrate compliance with the Act.",
      ],
    },
    {
      heading: "Security Measures",
      paragraphs: [
        "Taking into account the state of the art, the cost of implementation and the risks involved, we maintain appropriate technical and organisational measures, including:",
      ],
      list: [
        "encryption of client personal data in transit and, where the systems allow, at rest;",
        "multi-factor authentication, unique accounts and least-privilege access to client systems;",
        "access only from managed, encrypted and up-to-date devices;",
        "logging of administrative access to client systems;",
        "regular patching, vulnerability management and tested backups for the systems we manage;",
        "security and data protection training for our staff; and",
        "secure deletion of client personal data and media that are no longer needed.",
      ],
    },
    {
      heading: "Sub-processors",
      paragraphs: [
        "You authorise us to engage sub-processors, such as cloud hosting, backup and communication providers, to help deliver the services. We keep a list of current sub-processors and share it on request.",
        "We will give you prior written notice of any new sub-processor, so that you can object on reasonable data protection grounds. Each sub-processor is bound by a written contract with data protection obligations no less protective than this DPA, and we remain responsible to you for its performance.",
      ],
    },
    {
      heading: "Personal Data Breaches",
      paragraphs: [
        "We will notify you without undue delay, and in any case within 48 hours of becoming aware of a personal data breach affecting client personal data, so that you can meet your own obligation under section 43 of the Act to notify the Data Commissioner. Our notice will include, as far as then known:",
      ],
      list: [
        "the nature of the breach, including the categories and approximate number of data subjects and records concerned;",
        "the likely consequences of the breach;",
        "the measures taken or proposed to address it and to mitigate its possible adverse effects; and",
        "the name and contact details of the person at our company who can provide more information.",
      ],
      closing: [
        "We will take reasonable steps to contain and investigate the breach, keep you informed as we learn more, and cooperate with you and the Data Commissioner.",
      ],
    },
    {
      heading: "Transfers Outside Kenya",
      paragraphs: [
        "We will transfer client personal data outside Kenya only where sections 48 to 50 of the Act allow it: with proof of appropriate safeguards for its security and protection, and, where the Act requires it, with your consent. Where you instruct us to use a particular cloud region or provider, you confirm that the transfer is lawful.",
      ],
    },
    {
      heading: "Audits",
      paragraphs: [
        `You may audit our compliance with this DPA, yourself or through an independent auditor bound by confidentiality, once in any 12-month period, or at any time following a personal data breach. Audits take place on reasonable written notice, during business hours (${hoursText}), and in a way that does not disrupt our other clients or compromise their data. Each party bears its own costs of an audit.`,
      ],
    },
    {
      heading: "Return and Deletion",
      paragraphs: [
        "When the services end, we will, at your choice, return client personal data to you in a commonly used format or securely delete it, and confirm in writing that we have done so. Copies held in backups are deleted as the backups expire.",
        "We may keep the records the law requires us to keep, such as contracts and invoices, for the duration of the client relationship plus 7 years, protected as described in this DPA.",
      ],
    },
    {
      heading: "Liability",
      paragraphs: [
        [
          "Each party's liability under this DPA is subject to the limitations and exclusions in our ",
          doc(paths.terms),
          ", except where the law does not allow liability to be limited.",
        ],
      ],
    },
    {
      heading: "Details of the Processing",
      paragraphs: ["Unless a Proposal describes the processing differently, it has these characteristics:"],
      list: [
        [
          { strong: "Subject matter: " },
          "the provision of IT consulting, project and managed support services under the Terms.",
        ],
        [
          { strong: "Duration: " },
          "the term of the services, and until client personal data is returned or deleted under section 9.",
        ],
        [
          { strong: "Nature and purpose: " },
          "hosting, storage, migration, backup, configuration, support, development, testing and analysis, as needed to deliver the services.",
        ],
        [
          { strong: "Data subjects: " },
          "your staff, customers, patients, students, beneficiaries, suppliers and other people whose data is held in your systems.",
        ],
        [
          { strong: "Categories of data: " },
          "identification and contact details, account and usage data, transaction records, and any other data held in the systems within the scope of the services.",
        ],
        [
          { strong: "Sensitive personal data: " },
          "only where your systems hold it and the services require access to it, with the additional safeguards the Act requires.",
        ],
      ],
    },
    {
      heading: "Contact Us",
      paragraphs: [["Data protection questions about this DPA can be sent to ", generalEmail, " or to:"]],
      list: contactList,
    },
  ],
};
