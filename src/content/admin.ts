import type { OrderStatus } from "../orders/order-status.ts";
import { company } from "./company.ts";

/** The owner's view at /admin: not a public page, never linked, never indexed. */
export const adminCopy = {
  title: `Orders and messages | ${company.name}`,
  heading: "Orders and messages",
  badge: "Owner view",
  lead: "Newest first. Times are East Africa Time (Nairobi). Statuses come from Stripe's signed events and from buyers returning to the success page.",
  /** Shown with the list size when the list is cut off. */
  showingNewest: (n: number) => `Showing the newest ${n}.`,
  orders: {
    heading: "Orders",
    empty: "No orders yet.",
    columns: { created: "Created", status: "Status", customer: "Customer", items: "Items", total: "Total" },
    mode: { payment: "One-time payment", subscription: "Subscription (monthly)" },
    perMonth: "/ month",
    reference: "Stripe session",
  },
  messages: {
    heading: "Messages",
    empty: "No messages yet.",
    company: "Company",
    phone: "Phone",
  },
  status: {
    pending: "Checkout opened",
    awaiting_payment: "Awaiting payment",
    paid: "Paid",
    payment_failed: "Payment failed",
    expired: "Expired unpaid",
  } satisfies Record<OrderStatus, string>,
  auth: {
    realm: "Acacia admin",
    required: "Sign-in required. This page is for the site owner.",
    tooMany: "Too many sign-in attempts from your connection. Please wait a minute and try again.",
  },
};

/** The owner reads times in Nairobi, whatever the server's clock zone. */
export const ADMIN_TIME_ZONE = "Africa/Nairobi";
