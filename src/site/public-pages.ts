import { checkoutPage } from "../checkout/checkout-page.tsx";
import { checkoutSuccessPage } from "../checkout/checkout-success-page.tsx";
import { contactPage } from "../contact/contact-page.tsx";
import { customQuotePage } from "../quotes/custom-quote-page.tsx";
import type { Page } from "../render/page.ts";
import { aboutPage } from "./about-page.tsx";
import { faqPage } from "./faq-page.tsx";
import { homePage } from "./home-page.tsx";
import { legalPages } from "./legal-pages.tsx";
import { pricingPage } from "./pricing-page.tsx";
import { servicesPage } from "./services-page.tsx";

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
