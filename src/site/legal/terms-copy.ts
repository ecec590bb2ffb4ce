import { paths } from "../../paths.ts";
import { company, hoursText } from "../company-copy.ts";
import { companyIdentity, contactList, doc, legalLastUpdated, supportEmail } from "./legal-shared-copy.ts";
import type { LegalDocument } from "./legal-types.ts";

export const terms: LegalDocument = {
  path: paths.terms,
  title: "Terms of Service",
  description: `The terms on which ${company.legalName} provides its website, consulting services, projects and managed IT support plans.`,
  lastUpdated: legalLastUpdated,
  intro: [
    `These Terms of Service ("Terms") are an agreement between ${companyIdentity} ("we", "us", "our"), and the business or organisation that uses our website or engages our services ("you", "the Client").`,
    [
      "By requesting a quote, placing an order, paying an invoice or signing a proposal, you accept these Terms. They apply together with our ",
      doc(paths.privacy),
      ", ",
      doc(paths.refund),
      ", ",
      doc(paths.aup),
      " and, where we process personal data on your behalf, our ",
      doc(paths.dpa),
      ". If you accept on behalf of an organisation, you confirm that you are authorised to bind it.",
    ],
  ],
  sections: [
    {
      heading: "Definitions",
      paragraphs: ["In these Terms:"],
      list: [
        [
          { strong: "Services" },
          " means the consulting, project, support and other IT services we agree to provide to you.",
        ],
        [
          { strong: "Proposal" },
          " means a written quote, proposal or statement of work that we issue and you accept, including an order placed through our website.",
        ],
        [
          { strong: "Subscription Plan" },
          " means a monthly managed IT support plan (such as Starter, Business or Enterprise) billed in advance each month.",
        ],
        [
          { strong: "Project" },
          " means a defined piece of work with a scope, milestones and deliverables set out in a Proposal.",
        ],
        [
          { strong: "Deliverables" },
          " means the reports, designs, software, configurations and other materials we produce for you.",
        ],
        [
          { strong: "Business Day" },
          ` means a day from Monday to Friday, excluding public holidays in Kenya. Our business hours are ${hoursText}.`,
        ],
      ],
    },
    {
      heading: "Our Services",
      paragraphs: [
        "We provide IT strategy and business transformation, cloud and infrastructure, software development, cybersecurity and risk consulting, data analytics and automation, and managed IT support. The exact scope, timeline and price of each engagement are set out in its Proposal or in the description of the Subscription Plan you choose.",
        "Your first consultation is free and our quotes carry no obligation. We aim to reply to every enquiry within 24 hours. Support outside business hours, including 24/7 cover, is provided only where your Subscription Plan or Proposal includes it.",
        "We will perform the Services with reasonable skill and care, using suitably qualified staff, and in line with recognised industry practice.",
      ],
    },
    {
      heading: "Quotes and Orders",
      paragraphs: [
        "A quote is an invitation to do business, not a binding offer. A contract is formed when you accept a Proposal in writing or pay for an order on our website and we confirm it. Unless a quote states otherwise, it remains valid for 30 days from the date it is issued.",
        "Changes to the scope of a Project are agreed in writing through a change request, which states the effect on price and timeline before any additional work begins.",
      ],
    },
    {
      heading: "Fees and Currency",
      paragraphs: [
        "All fees are quoted, invoiced and payable in Kenya Shillings (KES) unless a Proposal expressly states another currency. Fees exclude value added tax (VAT) and other applicable taxes, which are added at the rate in force on the invoice date.",
        "Clients who commit to an annual contract receive a discount of up to 15% on the equivalent monthly fees; the applicable discount is stated in the Proposal. Prices may change from time to time, but a change never affects an order already confirmed or a billing period already invoiced.",
      ],
    },
    {
      heading: "Payment Terms",
      paragraphs: ["The following payment terms apply unless a Proposal states otherwise:"],
      list: [
        [
          { strong: "Project deposit: " },
          "project work requires a 50% deposit before work starts. The balance is invoiced against the milestones in the Proposal, or on completion.",
        ],
        [
          { strong: "Subscription Plans: " },
          "billed monthly in advance. Upgrades take effect immediately; downgrades take effect from the next billing cycle.",
        ],
        [{ strong: "Due date: " }, "invoices are payable within 14 days of the invoice date."],
        [
          { strong: "Payment methods: " },
          "we accept debit and credit cards, mobile money and bank transfer. You bear the charges your bank or mobile money provider makes for sending a payment.",
        ],
        [
          { strong: "Late payment: " },
          "overdue amounts incur interest of 5% per month from the due date until paid in full.",
        ],
        [
          { strong: "Suspension: " },
          "if any amount is more than 30 days overdue, we may suspend the Services after giving you written notice, until the account is brought up to date.",
        ],
      ],
      closing: [
        "If you dispute part of an invoice, tell us in writing before its due date and pay the undisputed part on time; both parties will then work in good faith to resolve the disputed part.",
      ],
    },
    {
      heading: "Subscription Plans",
      paragraphs: [
        "A Subscription Plan includes the support hours, active projects and response times described for that plan. Included hours are for use in the month they are billed and do not roll over to later months. Work beyond a plan's allowance is billed at the rates in your Proposal or on our website.",
        "A Subscription Plan renews automatically each month until it is cancelled in accordance with section 8.",
      ],
    },
    {
      heading: "Service Levels and Service Credits",
      paragraphs: [
        "Response times are measured from the moment a support request reaches us through the agreed channels. Where we miss a response time that your Subscription Plan guarantees, you may claim a service credit within 30 days of the missed response.",
        [
          "Service credits are applied against future invoices, remain valid for 12 months from the date they are issued, cannot be exchanged for cash and are your sole remedy for a missed service level. Service credits may also be offered in place of a refund, as described in our ",
          doc(paths.refund),
          ".",
        ],
      ],
    },
    {
      heading: "Cancellation and Termination",
      paragraphs: [
        "Either party may cancel a Subscription Plan or an ongoing engagement by giving 30 days' written notice. Services continue, and remain payable, until the notice period ends.",
        "Either party may terminate immediately by written notice if the other:",
      ],
      list: [
        "commits a material breach of these Terms and does not remedy it within 14 days of being asked in writing to do so;",
        "becomes insolvent, enters administration or liquidation, or makes an arrangement with its creditors; or",
        "is prevented from performing by an event described in section 15 for more than 60 days.",
      ],
      closing: [
        [
          "On termination you pay for all Services performed and expenses incurred up to the termination date, and we deliver the work completed so far that you have paid for. Refunds, where due, follow our ",
          doc(paths.refund),
          ".",
        ],
      ],
    },
    {
      heading: "Your Responsibilities",
      paragraphs: ["To allow us to deliver the Services, you agree to:"],
      list: [
        "give us timely access to the people, information, premises and systems we reasonably need;",
        "make sure the information you give us is accurate and that you have the right to share it with us;",
        "hold valid licences for the software and services you ask us to install, configure or manage;",
        "keep your own backups unless backup is part of the Services; and",
        ["use the Services in line with our ", doc(paths.aup), "."],
      ],
      closing: [
        "We are not responsible for delays or extra costs caused by your failure to meet these responsibilities.",
      ],
    },
    {
      heading: "Intellectual Property",
      paragraphs: [
        "Once you have paid in full for a Deliverable, ownership of the intellectual property in the parts written specifically for you passes to you.",
        "We keep ownership of our pre-existing tools, methods, templates and know-how, and of general improvements to them. Where these form part of a Deliverable, we grant you a non-exclusive, perpetual, royalty-free licence to use them as part of that Deliverable. Third-party and open-source components remain subject to their own licences, which we will identify to you.",
      ],
    },
    {
      heading: "Confidentiality",
      paragraphs: [
        "Each party will keep confidential the other's business, technical and financial information that it receives in connection with the Services, use it only to perform or receive the Services, and disclose it only to staff and advisers who need to know it and are bound by equivalent duties. This obligation survives the end of our engagement, but does not apply to information that is public, already known to the recipient, independently developed, or required to be disclosed by law.",
      ],
    },
    {
      heading: "Data Protection",
      paragraphs: [
        [
          "Both parties will comply with the Data Protection Act, 2019 of Kenya and its regulations. How we handle personal data about you and your staff is described in our ",
          doc(paths.privacy),
          ". Where we process personal data on your behalf, our ",
          doc(paths.dpa),
          " applies and forms part of these Terms.",
        ],
      ],
    },
    {
      heading: "Warranties",
      paragraphs: [
        "We warrant that the Services will be performed with reasonable skill and care and that each Deliverable will materially conform to its agreed specification. If you report a defect in a Deliverable within 30 days of its delivery, we will correct it at no extra cost.",
        "Except as stated in these Terms, all other warranties and conditions are excluded to the extent permitted by law. We do not warrant that any system will be free of errors or immune from every security threat.",
      ],
    },
    {
      heading: "Limitation of Liability",
      paragraphs: ["To the extent permitted by the laws of Kenya:"],
      list: [
        "neither party is liable for loss of profit, revenue, data or goodwill, or for any indirect or consequential loss;",
        "our total liability arising from or in connection with the Services is limited to the fees you paid us in the 12 months before the event giving rise to the claim; and",
        "nothing in these Terms limits liability for death or personal injury caused by negligence, for fraud, or for any other liability that cannot lawfully be limited.",
      ],
    },
    {
      heading: "Force Majeure",
      paragraphs: [
        "Neither party is liable for a delay or failure caused by events beyond its reasonable control, such as natural disasters, epidemics, war, civil unrest, government action, or failures of national power, telecommunications or internet infrastructure. The affected party will tell the other promptly and resume performance as soon as it can. This section does not excuse late payment of money due.",
      ],
    },
    {
      heading: "Governing Law and Disputes",
      paragraphs: [
        "These Terms are governed by the laws of Kenya.",
        "The parties will first try to settle any dispute through good-faith negotiation between senior representatives. A dispute not settled within 30 days will be referred to arbitration in Nairobi by a sole arbitrator under the Arbitration Act, 1995, in the English language. Either party may still apply to the courts of Kenya for urgent interim relief.",
      ],
    },
    {
      heading: "Changes to These Terms",
      paragraphs: [
        "We may update these Terms from time to time. The date at the top of this page shows when they last changed. Changes apply to orders and billing periods that begin after the change is published; for active Subscription Plans we will give you at least 30 days' notice of material changes by e-mail.",
      ],
    },
    {
      heading: "Contact Us",
      paragraphs: [["Questions about these Terms can be sent to ", supportEmail, " or to:"]],
      list: contactList,
    },
  ],
};
