import { aup } from "./aup.ts";
import { cookie } from "./cookie.ts";
import { dpa } from "./dpa.ts";
import { privacy } from "./privacy.ts";
import { refund } from "./refund.ts";
import { terms } from "./terms.ts";
import type { LegalDocument } from "./types.ts";

export { legalLabels, legalLastUpdated, legalTitles } from "./shared.ts";
export type { Inline, LegalDocument, LegalPath, LegalSection, RichText } from "./types.ts";
export { legalPaths } from "./types.ts";

/** The six legal documents, in the order of legalPaths (and of the footer's legal links). */
export const legalDocuments: readonly LegalDocument[] = [terms, privacy, refund, cookie, dpa, aup];
