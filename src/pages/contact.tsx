import type { Page } from "./types.ts";

// Placeholder until the page is written.
export const contactPage: Page = {
  path: "/contact",
  title: "Contact",
  description: "Contact",
  render: () => <h1>Contact</h1>,
};
