import { LegalDocument } from "../components/LegalDocument.tsx";
import type { Page } from "../render/page.ts";
import { legalDocuments } from "./legal/legal-documents.ts";

/** /terms, /privacy, /refund, /cookie, /dpa and /aup: static documents that ship no page script. */
export const legalPages: Page[] = legalDocuments.map((doc) => ({
  path: doc.path,
  printable: true,
  title: doc.title,
  description: doc.description,
  render: () => <LegalDocument doc={doc} />,
}));
