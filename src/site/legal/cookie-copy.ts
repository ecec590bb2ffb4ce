import { CART_STORAGE_KEY } from "../../lib/cart-storage-key.ts";
import { paths } from "../../paths.ts";
import { company } from "../company-copy.ts";
import { contactList, doc, legalLastUpdated } from "./legal-shared-copy.ts";
import type { LegalDocument } from "./legal-types.ts";

export const cookie: LegalDocument = {
  path: paths.cookie,
  title: "Cookie Policy",
  description: `${company.name} sets no cookies of its own. This policy explains the one item the website stores in your browser, how to remove it, and how the website counts visits without storing anything on your device.`,
  lastUpdated: legalLastUpdated,
  intro: [
    `This Cookie Policy explains what ${company.legalName} ("we", "us") stores on your device when you use our website, and why.`,
    [
      { strong: "In short: " },
      "our website sets no cookies of its own and uses no third-party tracking, analytics or advertising technology. The only thing it stores is your cart, kept in your own browser so that the services you select are remembered between pages. It counts visits on our own server without storing anything on your device, as explained below.",
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
        "Nothing else is stored: no identifier, no visitor number and no record of your visits.",
      ],
    },
    {
      heading: "How We Count Visits Without Cookies",
      paragraphs: [
        "To understand how our website is used, so that we can improve it, the website counts page views, carts started, quotes saved, checkouts started and payments. It does this on our own server, from the requests your browser already sends. Nothing is stored on or read from your device for it: no cookie, no localStorage item and no identifier of any kind. What is counted:",
      ],
      list: [
        [
          { strong: "Page views: " },
          "the page's route, the referring website's host name only (never the address of the page that linked here), the country your connection comes from, as the network reports it, and whether your device is a phone, tablet or computer, as your browser's user agent says.",
        ],
        [
          { strong: "Carts started and quotes saved: " },
          "when you add a service to the cart, or download a quote, the page sends our server a short message naming the step and the page, and nothing else; our server counts it as it counts a page view.",
        ],
        [{ strong: "Checkouts started: " }, "whether a checkout was opened by card or by M-Pesa."],
        [
          { strong: "Payments: " },
          "whether a payment by card, M-Pesa, paybill or bank transfer succeeded or failed, with M-Pesa's result code for an M-Pesa payment; no visitor is attached to it.",
        ],
      ],
      closing: [
        "Page views, carts, quotes and checkouts carry the country and device type, and a visitor hash: a visitor is counted for one day by a one-way hash of a random daily salt, the network address (for IPv6, its /64 network) and the browser's user agent: the same browser on the same network is one visitor for that day. The salt is deleted as soon as the next day's counting begins (and each morning in any case), so the hash cannot be traced back to an address or a person, nor linked across days. The address itself is not kept with the counts. If your browser sends the Global Privacy Control or Do Not Track signal, no visitor hash is made for your visits at all.",
        "Automated visitors (bots) are marked and left out of the figures. The events are kept by Cloudflare Workers Analytics Engine, our hosting provider's service, for 3 months, then deleted. No third-party tracker, no advertising: the counts are not sold or shared with anyone.",
        [
          "Because nothing is stored on your device, this counting needs no consent banner. Why we count (our legitimate interest in understanding and improving the website) and your right to object are explained in our ",
          doc(paths.privacy),
          ".",
        ],
      ],
    },
    {
      heading: "What We Do Not Use",
      paragraphs: ["Our website does not use:"],
      list: [
        "analytics or statistics cookies, or any identifier stored on your device to count you;",
        "third-party analytics or tracking scripts: the counting described above runs on our own server;",
        "advertising, retargeting or social media tracking cookies and pixels;",
        "device fingerprinting or any other technique for recognising you across websites or from one day to the next; or",
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
