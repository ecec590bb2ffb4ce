export type NavLink = { href: string; label: string };

export const mainNav: NavLink[] = [
  { href: "/", label: "Home" },
  { href: "/about", label: "About Us" },
  { href: "/services", label: "Services" },
  { href: "/pricing", label: "Pricing" },
  { href: "/custom-quote", label: "Custom Quote" },
  { href: "/faq", label: "FAQ" },
  { href: "/contact", label: "Contact" },
];

export const footerQuickLinks: NavLink[] = [
  { href: "/about", label: "About Us" },
  { href: "/services", label: "Services" },
  { href: "/pricing", label: "Pricing" },
  { href: "/custom-quote", label: "Custom Quote" },
  { href: "/faq", label: "FAQ" },
];

export const footerLegalLinks: NavLink[] = [
  { href: "/terms", label: "Terms of Service" },
  { href: "/privacy", label: "Privacy Policy" },
  { href: "/refund", label: "Refund Policy" },
  { href: "/cookie", label: "Cookie Policy" },
  { href: "/dpa", label: "Data Processing Addendum" },
  { href: "/aup", label: "Acceptable Use Policy" },
];

export const getStarted: NavLink = { href: "/contact", label: "Get Started" };
export const cartLink: NavLink = { href: "/custom-quote", label: "Cart" };
