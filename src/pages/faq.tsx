import type { Page } from "./types.ts";

// Placeholder until the page is written.
export const faqPage: Page = {
  path: "/faq",
  title: "FAQ",
  description: "FAQ",
  render: () => <h1>FAQ</h1>,
};
