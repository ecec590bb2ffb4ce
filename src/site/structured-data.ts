import { FAVICON_PATH, OG_IMAGE_PATH } from "../paths.ts";
import { company } from "./company-copy.ts";
import { faqEntries } from "./faq-copy.ts";

/** schema.org ProfessionalService for the business: address, hours and a contact point. */
export function businessJsonLd(origin: string): object {
  const { address, phone, emails, geo, hours } = company;
  const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": `${origin}/#business`,
    name: company.legalName,
    url: `${origin}/`,
    logo: `${origin}${FAVICON_PATH}`,
    image: `${origin}${OG_IMAGE_PATH}`,
    description: company.blurb,
    foundingDate: String(company.founded),
    telephone: phone.display,
    email: emails.general.display,
    address: {
      "@type": "PostalAddress",
      streetAddress: address.lines.join(", "),
      addressLocality: address.city,
      postalCode: address.postalCode,
      addressCountry: address.countryCode,
    },
    geo: { "@type": "GeoCoordinates", latitude: geo.latitude, longitude: geo.longitude },
    // Opening hours are in East Africa Time (UTC+3), the office's local time.
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: days,
        opens: hours.open.padStart(5, "0"),
        closes: hours.close,
      },
    ],
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "customer support",
        telephone: phone.display,
        email: emails.support.display,
        areaServed: ["KE", "UG", "TZ", "RW", "ET"],
        availableLanguage: ["English", "Swahili"],
      },
    ],
    areaServed: "East Africa",
  };
}

/** schema.org FAQPage of every question on /faq. */
export function faqJsonLd(): object {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqEntries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}

/** JSON for a <script type="application/ld+json"> block: `<` escaped so text can never close the tag. */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
