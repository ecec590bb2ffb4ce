import type { QuoteRow } from "../db/document-tables.ts";

/** One quote as /admin lists it: the quote's row and how many lines it has. */
export type AdminQuote = QuoteRow & { line_count: number };
