import { paths } from "../../paths.ts";
import { company } from "../company-copy.ts";
import { contactList, doc, legalLastUpdated, supportEmail } from "./legal-shared-copy.ts";
import type { LegalDocument } from "./legal-types.ts";

export const aup: LegalDocument = {
  path: paths.aup,
  title: "Acceptable Use Policy",
  description: `The rules for using the website, systems and services of ${company.legalName}, and what happens when they are broken.`,
  lastUpdated: legalLastUpdated,
  intro: [
    [
      `This Acceptable Use Policy sets out what you may not do when you use the website, services, systems, accounts and networks that ${company.legalName} ("we", "us") provides or manages. It forms part of our `,
      doc(paths.terms),
      ", and it applies to you as a client and to everyone you allow to use the services.",
    ],
  ],
  sections: [
    {
      heading: "Unlawful Use",
      paragraphs: [
        "You may not use the services for any purpose that breaks the law of Kenya or of any other country that applies to you, including the Computer Misuse and Cybercrimes Act, 2018, the Kenya Information and Communications Act, 1998, the Copyright Act, 2001, the Data Protection Act, 2019 and the Consumer Protection Act, 2012. In particular, you may not use the services to:",
      ],
      list: [
        "commit or facilitate fraud, money laundering or the financing of terrorism;",
        "collect, store or share personal data without a lawful basis, or in breach of the rights of data subjects;",
        "store or distribute material that infringes copyright, trade marks or other intellectual property rights; or",
        "store or distribute child sexual abuse material or any other content that is illegal to possess or share.",
      ],
    },
    {
      heading: "Security and Network Abuse",
      paragraphs: ["You may not, and may not attempt to:"],
      list: [
        "access any system, account or data without authorisation, including ours and those of our other clients;",
        "probe, scan or test the vulnerability of any system or network without written authorisation from its owner;",
        "interfere with, overload or disrupt any service, network or user, including by denial-of-service attacks;",
        "introduce viruses, ransomware, spyware or any other malicious code;",
        "bypass or disable authentication, logging, monitoring or other security controls; or",
        "share account credentials, or use another person's credentials.",
      ],
    },
    {
      heading: "Messaging and Content",
      paragraphs: ["You may not use the services to send, publish or store:"],
      list: [
        "unsolicited bulk e-mail or SMS, or messages that hide or forge their sender;",
        "phishing messages, or pages that impersonate another person or organisation;",
        "content that is defamatory, harassing, threatening or that incites violence or hatred; or",
        "false or misleading information intended to deceive.",
      ],
    },
    {
      heading: "Fair Use of Resources",
      paragraphs: [
        "Services with unlimited or generous allowances, such as unlimited support hours on the Enterprise plan, are provided for the normal business needs of your own organisation. You may not resell or share them with third parties without our written agreement, mine cryptocurrency on systems we manage, or use them in a way that degrades the service we provide to other clients.",
      ],
    },
    {
      heading: "Security Testing We Perform for You",
      paragraphs: [
        "Penetration tests, vulnerability scans and security audits are carried out only within a written scope that you have signed, covering systems you own or are authorised to have tested. You must tell us about any third-party systems, such as hosting or cloud providers, whose permission is needed before testing.",
      ],
    },
    {
      heading: "Your Responsibilities",
      paragraphs: ["You are responsible for the activity of everyone you give access to the services. You agree to:"],
      list: [
        "keep the list of authorised users current and remove access promptly when someone leaves;",
        "use strong, unique passwords and multi-factor authentication wherever it is offered;",
        "tell us immediately if you suspect that an account or system has been compromised; and",
        "make sure your users know about and follow this policy.",
      ],
    },
    {
      heading: "Reporting Violations",
      paragraphs: [
        [
          "If you become aware of a breach of this policy, or find a security vulnerability in our website or services, please report it to ",
          supportEmail,
          " with as much detail as you can, such as the time, the systems involved and what you observed. Please do not access data that is not yours or disrupt the service while investigating. We treat reports confidentially and reply within 24 hours.",
        ],
      ],
    },
    {
      heading: "Enforcement",
      paragraphs: [
        "If we reasonably believe that this policy has been broken, we may, depending on the seriousness of the breach:",
      ],
      list: [
        "ask you to stop the activity or remove the content;",
        "suspend the affected account or service, where possible after notifying you, and immediately where needed to protect people, systems or data;",
        [
          "terminate the services under our ",
          doc(paths.terms),
          ", in which case refunds, if any, follow our ",
          doc(paths.refund),
          "; and",
        ],
        "report the activity to the police, the Communications Authority of Kenya, the Data Commissioner or other authorities, and cooperate with their investigations.",
      ],
      closing: [
        [
          "Where a breach involves personal data, it is also handled as described in our ",
          doc(paths.privacy),
          " and, for data we process on your behalf, our ",
          doc(paths.dpa),
          ".",
        ],
      ],
    },
    {
      heading: "Changes to This Policy",
      paragraphs: [
        "We may update this policy as technology, threats and the law change. The date at the top of this page shows when it last changed.",
      ],
    },
    {
      heading: "Contact Us",
      paragraphs: ["Questions about this policy can be sent to:"],
      list: contactList,
    },
  ],
};
