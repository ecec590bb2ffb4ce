import { LegalDocument } from "../components/LegalDocument.tsx";
import { legalDocuments } from "../content/legal/index.ts";
import type { Page } from "./types.ts";

/** /terms, /privacy, /refund, /cookie, /dpa and /aup: static documents that ship no page script. */
export const legalPages: Page[] = legalDocuments.map((doc) => ({
  path: doc.path,
  printable: true,
  title: doc.title,
  description: doc.description,
  render: () => <LegalDocument doc={doc} />,
}));
