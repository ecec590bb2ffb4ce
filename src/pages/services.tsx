import type { Page } from "./types.ts";

// Placeholder until the page is written.
export const servicesPage: Page = {
  path: "/services",
  title: "Services",
  description: "Services",
  render: () => <h1>Services</h1>,
};
