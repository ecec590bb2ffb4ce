/** The buyer's e-mail once a refund is done: fixed words and the amounts, nothing the owner typed. */
import type { RefundWay } from "./refunds-copy.ts";

export const refundMailCopy = {
  subject: (amount: string, company: string) => `Your refund of ${amount}: ${company}`,
  heading: "Your refund",
  refunded: (amount: string, paid: string) => `We have refunded ${amount} of your payment of ${paid}.`,
  whole: (amount: string) => `We have refunded your payment of ${amount} in full.`,
  order: (orderId: string) => `Order reference: ${orderId}`,
  way: {
    card: "It goes back to the card you paid with. Your bank usually shows it within 5 to 10 working days.",
    mpesa: "M-Pesa has returned it to the number that paid; Safaricom has sent that number an SMS.",
    bank: "We have sent it back to you ourselves, by bank transfer or M-Pesa.",
  } satisfies Record<RefundWay, string>,
  records:
    "Keep this e-mail with your records. Where a KRA eTIMS tax invoice was issued for the payment, we report a credit note for the refund.",
};
