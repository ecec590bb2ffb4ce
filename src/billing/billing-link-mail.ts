import { escapeHtml, footerText, htmlFrame, link, supportHtml, supportText } from "../mail/mail-layout.ts";
import type { MailTemplate } from "../mail/mail-types.ts";

/** A one-time link to the billing portal, and why it was sent. */
export type BillingLinkData = {
  url: string;
  /** "30 minutes", "3 days": how long the link works. */
  validFor: string;
};

type Variant = { subject: string; headline: string; intro: string; action: string };

/**
 * The buyer's way into Stripe's billing portal (update the card, see invoices, cancel). The link
 * is the worker's own URL with a single-use token; it names nothing the requester typed.
 */
function billingLinkTemplate(variant: (companyName: string) => Variant): MailTemplate<BillingLinkData> {
  return {
    audience: "customer",
    render(data, { company }) {
      const v = variant(company.name);
      const validity = `The link works once, for ${data.validFor}. After that, ask for a new one on our billing page.`;
      const text = [
        "Hello,",
        "",
        v.intro,
        "",
        `${v.action}: ${data.url}`,
        validity,
        "",
        supportText(company),
        "",
        footerText(company),
      ].join("\n");
      const body = [
        `<h1 style="font-size:22px;margin:0 0 16px;">${escapeHtml(v.headline)}</h1>`,
        "<p>Hello,</p>",
        `<p>${escapeHtml(v.intro)}</p>`,
        `<p style="margin:24px 0;">${link(data.url, v.action)}</p>`,
        `<p style="font-size:14px;color:#4b5563;">${escapeHtml(validity)}</p>`,
        supportHtml(company),
      ].join("\n");
      return { subject: v.subject, text, html: htmlFrame(company, v.headline, body) };
    },
  };
}

/** Asked for on /billing. */
export const billingLink = billingLinkTemplate((name) => ({
  subject: `Your link to manage your subscription – ${name}`,
  headline: "Manage your subscription",
  intro: `You asked for a link to manage your ${name} subscription: update your card, see your invoices, or cancel.`,
  action: "Open the billing portal",
}));

/** A renewal could not be charged. */
export const renewalFailed = billingLinkTemplate((name) => ({
  subject: `Your payment to ${name} did not go through`,
  headline: "Your renewal payment failed",
  intro: `We could not charge your card for this month's ${name} subscription. Stripe will try again; to keep your services running, please update your card.`,
  action: "Update your card",
}));
