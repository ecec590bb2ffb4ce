import { paths } from "../paths.ts";
import type { CustomerInfo } from "./customer-info-schema.ts";

/** Toasts and labels of the cart itself (pricing page, header). */
export const cartCopy = {
  addedToCart: (name: string) => `${name} added to cart!`,
  viewCart: "View Cart",
  /** Accessible name of the header's cart links once the cart holds something. */
  cartLinkLabel: (base: string, count: number) => `${base}, ${count} ${count === 1 ? "item" : "items"}`,
};

export const checkoutMeta = {
  title: "Checkout",
  description: "Enter your details and pay securely for the IT services in your cart.",
};

export const checkoutCopy = {
  title: "Checkout",
  successPath: paths.checkoutSuccess,
  loading: "Loading your cart…",
  noScript:
    "Checkout needs JavaScript: your cart is kept in this browser and the secure payment page opens from here. Please enable JavaScript to complete your order.",
  empty: {
    title: "Your cart is empty",
    text: "Add services to your cart before checking out.",
    action: { label: "Browse Services", href: paths.customQuote },
  },
  form: {
    title: "Customer Information",
    requiredNote: "Fields marked * are required.",
    pay: (total: string) => `Pay ${total}`,
    processing: "Processing...",
    /** Shown in the new tab while the payment page is being prepared. */
    tabLoading: "Opening the secure payment page…",
    newTabNote: "The secure payment page opens in a new tab. Card details are never sent to this site.",
    /** Under Pay when the cart holds a monthly plan. */
    recurringNote: (today: string, monthly: string) =>
      `${today} is charged today, then ${monthly} every month for your plan until you cancel.`,
    /** The secondary action under Pay: a written quote of the cart for the name, e-mail and company above. */
    quote: {
      label: "Download quote (PDF)",
      busy: "Preparing quote…",
      failed: "Your quote could not be prepared. Please try again.",
      note: "Not ready to pay? Get a written quote of your cart; we e-mail you a copy.",
    },
  },
  summary: {
    title: "Order Summary",
    quantity: (n: number) => `Qty: ${n}`,
    each: (price: string) => `${price} each`,
    total: "Total",
    /** Under the total when the cart holds a monthly plan: the total is due today, this recurs. */
    recurring: (monthly: string) => `Due today, then ${monthly}/month`,
    /** The phone's disclosure of the summary, above the form. */
    show: "Show order summary",
    hide: "Hide order summary",
    remove: "Remove",
    removeLabel: (name: string) => `Remove ${name} from the cart`,
  },
  toasts: {
    emptyCart: "Your cart is empty",
    paymentFailed: "Payment processing failed. Please try again.",
  },
};

/**
 * The buyer's KRA PIN wherever a form asks for it (/checkout, the quote dialog and form, a quote's
 * M-Pesa form). Optional: a person without a business has none.
 */
export const kraPinInput = {
  label: "KRA PIN (for a tax invoice)",
  // No browser knows a KRA PIN: its suggestions would be some other field's values.
  autoComplete: "off",
  // Eleven characters, with room for the spaces a paste brings (the schema trims them).
  maxLength: 20,
  spellCheck: false,
  autoCapitalize: "characters",
} as const;

/** The checkout form's fields in display (and focus) order. */
export const customerFields: {
  name: keyof CustomerInfo;
  label: string;
  required: boolean;
  type: "text" | "email" | "tel";
  autoComplete: string;
  /** Shares a row with its neighbour from the small-tablet width up. */
  half?: boolean;
  maxLength?: number;
  spellCheck?: boolean;
  autoCapitalize?: "characters";
}[] = [
  { name: "name", label: "Full Name", required: true, type: "text", autoComplete: "name" },
  { name: "email", label: "Email", required: true, type: "email", autoComplete: "email", half: true },
  { name: "phone", label: "Phone", required: true, type: "tel", autoComplete: "tel", half: true },
  { name: "company", label: "Company (Optional)", required: false, type: "text", autoComplete: "organization" },
  { name: "kraPin", required: false, type: "text", ...kraPinInput },
  { name: "address", label: "Address", required: true, type: "text", autoComplete: "street-address" },
  { name: "city", label: "City", required: true, type: "text", autoComplete: "address-level2", half: true },
  { name: "state", label: "State", required: true, type: "text", autoComplete: "address-level1", half: true },
  { name: "zip", label: "ZIP Code", required: true, type: "text", autoComplete: "postal-code", half: true },
  { name: "country", label: "Country", required: true, type: "text", autoComplete: "country-name", half: true },
];

export const successMeta = {
  title: "Payment Successful!",
  description: "Thank you for your order. We will contact you shortly to schedule your services.",
};

export const successCopy = {
  title: "Payment Successful!",
  text: "Thank you for your order. We've received your payment and will contact you shortly to schedule your services.",
  emailNote: "A confirmation e-mail with your receipt and order details has been sent to the address you gave.",
  actions: [
    { label: "Back to Home", href: paths.home, variant: "primary" },
    { label: "Contact Support", href: paths.contact, variant: "outline" },
  ] as const,
};
