import type { LegalPath } from "../../paths.ts";

/** The six legal documents, in the order the site lists them (defined with every other path). */
export type { LegalPath } from "../../paths.ts";

/** A run of text that links somewhere (another policy, a page, a mailto: or tel: address). */
export type LinkRun = { text: string; href: string };
/** A run of text given emphasis, e.g. the term a list item defines. */
type StrongRun = { strong: string };
export type Inline = string | LinkRun | StrongRun;

/** A paragraph or list item: plain text, or a sequence of text, link and emphasis runs. */
export type RichText = string | readonly Inline[];

export type LegalSection = {
  heading: string;
  paragraphs: readonly RichText[];
  list?: readonly RichText[];
  /** Paragraphs that follow the list. */
  closing?: readonly RichText[];
};

export type LegalDate = { text: string; iso: string };

export type LegalDocument = {
  path: LegalPath;
  title: string;
  /** Meta description and the lead under the page heading. */
  description: string;
  lastUpdated: LegalDate;
  intro: readonly RichText[];
  sections: readonly LegalSection[];
};
