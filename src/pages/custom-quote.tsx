import type { Page } from "./types.ts";

// Placeholder until the page is written.
export const customQuotePage: Page = {
  path: "/custom-quote",
  title: "Custom IT Services Quote",
  description: "Custom IT Services Quote",
  render: () => <h1>Custom IT Services Quote</h1>,
};
