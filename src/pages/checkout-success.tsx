import type { Page } from "./types.ts";

// Placeholder until the page is written.
export const checkoutSuccessPage: Page = {
  path: "/checkout/success",
  title: "Payment Successful!",
  description: "Payment Successful!",
  render: () => <h1>Payment Successful!</h1>,
};
