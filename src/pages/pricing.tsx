import type { Page } from "./types.ts";

// Placeholder until the page is written.
export const pricingPage: Page = {
  path: "/pricing",
  title: "Pricing",
  description: "Pricing",
  render: () => <h1>Pricing</h1>,
};
