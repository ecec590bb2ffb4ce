import { paths } from "../paths.ts";
import { successCopy, successMeta } from "./checkout-copy.ts";

type Action = { label: string; href: string; variant: "primary" | "outline" };

/** What /checkout/success says when it knows the order (a session_id came back from Stripe). */
export type StatusCopy = {
  meta: { title: string; description: string };
  title: string;
  text: string;
  note?: string;
  actions: readonly Action[];
};

const contactSupport: Action = { label: "Contact Support", href: paths.contact, variant: "outline" };

/** Paid: the spec's success content, word for word. */
export const paidStatus: StatusCopy = {
  meta: successMeta,
  title: successCopy.title,
  text: successCopy.text,
  note: successCopy.emailNote,
  actions: successCopy.actions,
};

export const pendingStatus: StatusCopy = {
  meta: {
    title: "Confirming Your Payment",
    description: "Your payment is being confirmed with our payment provider.",
  },
  title: "Your payment is being confirmed",
  text: "Thank you for your order. Our payment provider has not confirmed your payment yet: this usually takes a few moments, and some payment methods take longer. There is no need to pay again.",
  note: "As soon as the payment is confirmed we contact you to schedule your services. You can check again at any time.",
  /** "Check Again" links to the page itself; its href is filled in when the page is rendered. */
  actions: [{ label: "Check Again", href: "", variant: "primary" }, contactSupport],
};

export const notPaidStatus: StatusCopy = {
  meta: {
    title: "Payment Not Completed",
    description: "This order was not paid.",
  },
  title: "Your payment was not completed",
  text: "This order was not paid: the payment did not go through, or the payment page expired before it was used. If a charge appears on your statement for this order, contact us and we will sort it out.",
  actions: [
    { label: "Contact Support", href: paths.contact, variant: "primary" },
    { label: "Browse Services", href: paths.customQuote, variant: "outline" },
  ],
};

export const unknownStatus: StatusCopy = {
  meta: {
    title: "Order Not Found",
    description: "We could not find an order for this link.",
  },
  title: "We couldn't find this order",
  text: "The link you followed does not match an order placed on this site. If you have paid and expected to see your confirmation here, please contact us with your payment receipt and we will look into it straight away.",
  actions: [
    { label: "Contact Us", href: paths.contact, variant: "primary" },
    { label: "Back to Home", href: paths.home, variant: "outline" },
  ],
};

/** The order recap under a known order's message. */
export const orderRecapCopy = {
  heading: "Your order",
  quantity: (n: number) => `× ${n}`,
  perMonth: "per month",
  total: "Total",
};
