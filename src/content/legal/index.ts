import { aup } from "./aup.ts";
import { cookie } from "./cookie.ts";
import { dpa } from "./dpa.ts";
import { privacy } from "./privacy.ts";
import { refund } from "./refund.ts";
import { terms } from "./terms.ts";
import type { LegalDocument } from "./types.ts";

export { legalLabels } from "./shared.ts";
export type { Inline, LegalDocument, LegalSection, RichText } from "./types.ts";

/** The six legal documents, in the order of legalPaths (and of the footer's legal links). */
export const legalDocuments: readonly LegalDocument[] = [terms, privacy, refund, cookie, dpa, aup];
