import type { Page } from "./types.ts";

// Placeholder until the page is written.
export const aboutPage: Page = {
  path: "/about",
  title: "About Us",
  description: "About Us",
  render: () => <h1>About Us</h1>,
};
