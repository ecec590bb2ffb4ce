/**
 * Who the company is and how to reach it. The spec leaves the name, director, phone and e-mail
 * open: these are working placeholders, defined once here so the owner changes them in one place.
 */
export const company = {
  name: "Acacia IT Consulting",
  legalName: "Acacia IT Consulting Ltd",
  shortName: "Acacia IT",
  founded: 2025,
  registrationNumber: "PVT-EY13PPMZ",
  registration: "Registered in Kenya under the Companies Act, 2015",
  blurb:
    "A Nairobi-based IT consultancy helping businesses across Africa and East Africa plan, build, secure and run the technology they grow on.",
  phone: { display: "+254 700 000 000", href: "tel:+254700000000" },
  emails: {
    general: { display: "info@acacia-it.example", href: "mailto:info@acacia-it.example" },
    support: { display: "support@acacia-it.example", href: "mailto:support@acacia-it.example" },
  },
  address: {
    lines: ["Westlands Business Centre, 4th Floor", "Waiyaki Way, Westlands"],
    city: "Nairobi",
    postalCode: "00100",
    country: "Kenya",
    countryCode: "KE",
  },
  /** Used for the map embed on /contact and structured data. */
  geo: { latitude: -1.2676, longitude: 36.8108 },
  hours: { days: "Monday-Friday", open: "9:00", close: "18:00", timeZone: "East Africa Time" },
  director: {
    name: "Daniel Mwangi",
    title: "Founder & Managing Director",
  },
} as const;

export const hoursText = `${company.hours.days} ${company.hours.open}-${company.hours.close} ${company.hours.timeZone}`;
