import { LegalDocument } from "../components/LegalDocument.tsx";
import { paths } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { legalDocuments } from "./legal/legal-documents.ts";
import { privacyNaming } from "./legal/privacy-copy.ts";

/**
 * /terms, /privacy, /refund, /cookie, /dpa and /aup: static documents that ship no page script. The
 * privacy policy names the owner's ODPC registration number once it is set (page-routes reads it).
 */
export const legalPages: Page[] = legalDocuments.map((doc) => {
  const privacy = doc.path === paths.privacy;
  return {
    path: doc.path,
    printable: true,
    title: doc.title,
    description: doc.description,
    ...(privacy ? { showsOdpcRegistration: true } : {}),
    render: (settings) => <LegalDocument doc={privacy ? privacyNaming(settings.odpcRegistration) : doc} />,
  };
});
