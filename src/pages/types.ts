import type { ReactElement } from "react";
import type { ClientEntryName } from "../render/assets.ts";

/** One route of the site: its path, its <head> copy, the client entries it needs and its body. */
export type Page = {
  path: string;
  title: string;
  description: string;
  /** Client bundles this page hydrates; the header script is always added. */
  entries?: ClientEntryName[];
  render: () => ReactElement;
};
