import { aboutPage } from "./about.tsx";
import { checkoutPage } from "./checkout.tsx";
import { checkoutSuccessPage } from "./checkout-success.tsx";
import { contactPage } from "./contact.tsx";
import { customQuotePage } from "./custom-quote.tsx";
import { faqPage } from "./faq.tsx";
import { homePage } from "./home.tsx";
import { legalPages } from "./legal.tsx";
import { pricingPage } from "./pricing.tsx";
import { servicesPage } from "./services.tsx";
import type { Page } from "./types.ts";

/** Every public route of the site. */
export const pages: Page[] = [
  homePage,
  aboutPage,
  servicesPage,
  pricingPage,
  faqPage,
  contactPage,
  customQuotePage,
  checkoutPage,
  checkoutSuccessPage,
  ...legalPages,
];
