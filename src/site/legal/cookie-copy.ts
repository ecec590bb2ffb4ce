import { CART_STORAGE_KEY } from "../../lib/cart-storage-key.ts";
import { paths } from "../../paths.ts";
import { company } from "../company-copy.ts";
import { contactList, doc, legalLastUpdated } from "./legal-shared-copy.ts";
import type { LegalDocument } from "./legal-types.ts";

export const cookie: LegalDocument = {
  path: paths.cookie,
  title: "Cookie Policy",
  description: `${company.name} uses no tracking cookies. This policy explains the one item the website stores in your browser and how to remove it.`,
  lastUpdated: legalLastUpdated,
  intro: [
    `This Cookie Policy explains what ${company.legalName} ("we", "us") stores on your device when you use our website, and why.`,
    [
      { strong: "In short: " },
      "our website sets no cookies of its own and uses no tracking, analytics or advertising technology. The only thing it stores is your cart, kept in your own browser so that the services you select are remembered between pages.",
    ],
  ],
  sections: [
    {
      heading: "Cookies and Browser Storage",
      paragraphs: [
        "Cookies are small text files that a website places on your device and that are sent back to it with later requests. Browser storage (such as localStorage) lets a website keep information on your device too, but the information stays there: it is not sent to the website with every request, and only pages of the same website can read it.",
      ],
    },
    {
      heading: "What We Store on Your Device",
      paragraphs: ["We store a single item, in your browser's localStorage:"],
      list: [
        [{ strong: "Name: " }, `"${CART_STORAGE_KEY}"`],
        [{ strong: "Type: " }, "localStorage (not a cookie)"],
        [
          { strong: "Purpose: " },
          "remembers the services you add to your cart on the pricing and custom quote pages, so that the cart badge, quote page and checkout show your selection.",
        ],
        [
          { strong: "Contents: " },
          "for each selected service, its identifier, name, description, category, tier, price and quantity. It contains no personal data.",
        ],
        [
          { strong: "Duration: " },
          "until you remove the services from your cart, complete a payment (the cart is then cleared), or clear your browser's site data.",
        ],
        [{ strong: "Set by: " }, `${company.name} (first party)`],
      ],
      closing: [
        "The cart is sent to us only when you choose to proceed to payment at checkout. Because it is strictly necessary for the cart you ask for, we do not ask for separate consent to store it.",
      ],
    },
    {
      heading: "What We Do Not Use",
      paragraphs: ["Our website does not use:"],
      list: [
        "analytics or statistics cookies;",
        "advertising, retargeting or social media tracking cookies and pixels;",
        "device fingerprinting or any other technique for tracking you across websites; or",
        "cookies to remember you between visits or to build a profile of you.",
      ],
    },
    {
      heading: "Third-Party Services",
      paragraphs: [
        "Two services on other websites may use their own cookies under their own policies, which we do not control:",
      ],
      list: [
        [
          { strong: "Map on our contact page: " },
          "the office map is embedded from OpenStreetMap and loads only when you view the contact page. Your browser then connects to OpenStreetMap, which receives your IP address and may set or read its own cookies.",
        ],
        [
          { strong: "Hosted payment page: " },
          "when you pay by card, you are taken to our payment processor's secure payment page on its own website, which uses cookies needed for payment security and fraud prevention.",
        ],
      ],
      closing: [
        "Neither service places cookies on our website's own pages, and we receive no information from those cookies.",
      ],
    },
    {
      heading: "How to Remove or Block Storage",
      paragraphs: [
        "You can remove the cart at any time by removing the services from it, or by clearing this website's data in your browser settings (usually under Privacy, Site settings or Cookies and site data). You can also block websites from storing data on your device; our pages will still work, but your cart will not remember your selection.",
      ],
    },
    {
      heading: "More About Your Privacy",
      paragraphs: [
        [
          "How we handle personal data more generally, including your rights under the Data Protection Act, 2019, is described in our ",
          doc(paths.privacy),
          ".",
        ],
      ],
    },
    {
      heading: "Changes to This Policy",
      paragraphs: [
        "If we ever add storage or cookies beyond what is described here, we will update this policy first, and we will ask for your consent wherever it is needed. The date at the top of this page shows when the policy last changed.",
      ],
    },
    {
      heading: "Contact Us",
      paragraphs: ["Questions about this policy can be sent to:"],
      list: contactList,
    },
  ],
};
