import { formatMoney } from "../lib/money.ts";
import {
  adminLinkHtml,
  type Details,
  detailsHtml,
  detailsText,
  footerText,
  htmlFrame,
  linesHtml,
  linesText,
  subjectText,
  totalsHtml,
  totalsText,
} from "./mail-layout.ts";
import type { MailOrderLine, MailTemplate } from "./mail-types.ts";

export type OwnerNewOrderData = {
  orderId: string;
  customer: {
    name: string;
    email: string;
    phone: string;
    company: string | null;
    address: string;
    city: string;
    state: string;
    zip: string;
    country: string;
  };
  lines: MailOrderLine[];
  paidTodayCents: number;
  monthlyCents: number;
  adminUrl: string;
};

/** The owner's notice of a paid order: who to contact and what to deliver. */
export const ownerNewOrder: MailTemplate<OwnerNewOrderData> = {
  audience: "owner",
  render(data, { company }) {
    const c = data.customer;
    const subject = `New paid order: ${formatMoney(data.paidTodayCents)} from ${subjectText(c.name)}`;
    const address = [c.address, c.city, c.state, c.zip, c.country].filter(Boolean).join(", ");
    const details: Details = [
      ["Customer", c.name],
      ["Company", c.company ?? "-"],
      ["Phone", c.phone],
      ["E-mail", c.email],
      ["Address", address],
      ["Order reference", data.orderId],
    ];
    const text = [
      "A new order has been paid.",
      "",
      detailsText(details),
      "",
      linesText(data.lines),
      "",
      totalsText(data.paidTodayCents, data.monthlyCents),
      "",
      `View it in the admin: ${data.adminUrl}`,
      "",
      footerText(company),
    ].join("\n");
    const admin = adminLinkHtml(data.adminUrl);
    const body = [
      `<h1 style="font-size:22px;margin:0 0 16px;">New paid order</h1>`,
      detailsHtml(details),
      linesHtml(data.lines),
      totalsHtml(data.paidTodayCents, data.monthlyCents),
      `<p>${admin}</p>`,
    ].join("\n");
    return { subject, text, html: htmlFrame(company, "New paid order", body) };
  },
};
