import type { Page } from "./types.ts";

// Placeholder until the page is written.
export const checkoutPage: Page = {
  path: "/checkout",
  title: "Checkout",
  description: "Checkout",
  render: () => <h1>Checkout</h1>,
};
