import { aup } from "./aup-copy.ts";
import { cookie } from "./cookie-copy.ts";
import { dpa } from "./dpa-copy.ts";
import type { LegalDocument } from "./legal-types.ts";
import { privacy } from "./privacy-copy.ts";
import { refund } from "./refund-copy.ts";
import { terms } from "./terms-copy.ts";

export { legalLabels } from "./legal-shared-copy.ts";
export type { Inline, LegalDocument, LegalSection, RichText } from "./legal-types.ts";

/** The six legal documents, in the order of legalPaths (and of the footer's legal links). */
export const legalDocuments: readonly LegalDocument[] = [terms, privacy, refund, cookie, dpa, aup];
