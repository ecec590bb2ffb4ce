import { BILLING_PATH, paths } from "../paths.ts";

export type NavLink = { href: string; label: string };

export const mainNav: NavLink[] = [
  { href: paths.home, label: "Home" },
  { href: paths.about, label: "About Us" },
  { href: paths.services, label: "Services" },
  { href: paths.pricing, label: "Pricing" },
  { href: paths.customQuote, label: "Custom Quote" },
  { href: paths.faq, label: "FAQ" },
  { href: paths.contact, label: "Contact" },
];

export const footerQuickLinks: NavLink[] = [
  { href: paths.about, label: "About Us" },
  { href: paths.services, label: "Services" },
  { href: paths.pricing, label: "Pricing" },
  { href: paths.customQuote, label: "Custom Quote" },
  { href: paths.faq, label: "FAQ" },
  { href: BILLING_PATH, label: "Manage Subscription" },
];

export const footerLegalLinks: NavLink[] = [
  { href: paths.terms, label: "Terms of Service" },
  { href: paths.privacy, label: "Privacy Policy" },
  { href: paths.refund, label: "Refund Policy" },
  { href: paths.cookie, label: "Cookie Policy" },
  { href: paths.dpa, label: "Data Processing Addendum" },
  { href: paths.aup, label: "Acceptable Use Policy" },
];

export const getStarted: NavLink = { href: paths.contact, label: "Get Started" };
export const cartLink: NavLink = { href: paths.customQuote, label: "Cart" };

/** The header's names for assistive technology: what a screen reader announces for each part. */
export const headerLabels = {
  /** Follows the logo's own text ("Acacia IT Consulting, home"). */
  home: ", home",
  mainNav: "Main",
  mobileNav: "Mobile",
  menu: "Menu",
} as const;
