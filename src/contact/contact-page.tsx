import type { ReactNode } from "react";
import { buttonClass } from "../components/ButtonLink.tsx";
import { Icon, type IconName } from "../components/Icon.tsx";
import { PageHero } from "../components/PageHero.tsx";
import { PostalAddress } from "../components/PostalAddress.tsx";
import { WhatsAppLink } from "../components/WhatsAppLink.tsx";
import { paths } from "../paths.ts";
import { Island } from "../render/island.tsx";
import type { Page } from "../render/page.ts";
import { company, hoursText } from "../site/company-copy.ts";
import { whatsappCopy } from "../site/whatsapp-copy.ts";
import { contactDetails, contactForm, contactHero, contactMeta, officeMap } from "./contact-copy.ts";

/** One dt/dd pair; the icon sits inside the dt because a dl's groups may hold only dt and dd. */
function DetailRow({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  return (
    <div className="relative min-h-10 pl-14">
      <dt className="text-sm font-semibold text-slate-900">
        <span className="absolute top-0 left-0 flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon name={icon} />
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 text-sm leading-6 text-slate-700">{children}</dd>
    </div>
  );
}

const detailLinkClass = "font-medium text-brand-700 break-words hover:text-brand-900 hover:underline";

function ContactDetails({ whatsapp }: { whatsapp: string | null }) {
  const { labels } = contactDetails;
  const { phone, emails } = company;
  return (
    <section
      aria-labelledby="contact-details-heading"
      className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id="contact-details-heading" className="text-xl font-bold tracking-tight text-slate-900">
        {contactDetails.heading}
      </h2>
      <dl className="mt-6 space-y-6">
        <DetailRow icon="mapPin" label={labels.address}>
          <address className="not-italic">
            <PostalAddress />
          </address>
        </DetailRow>
        <DetailRow icon="phone" label={labels.phone}>
          <a href={phone.href} className={detailLinkClass}>
            {phone.display}
          </a>
        </DetailRow>
        <DetailRow icon="mail" label={labels.email}>
          {Object.values(emails).map((email) => (
            <a key={email.href} href={email.href} className={`block ${detailLinkClass}`}>
              {email.display}
            </a>
          ))}
        </DetailRow>
        <DetailRow icon="clock" label={labels.hours}>
          {hoursText}
        </DetailRow>
        <DetailRow icon="zap" label={labels.response}>
          {contactDetails.responseText}
        </DetailRow>
      </dl>
      <div className="mt-8 border-t border-slate-200 pt-6">
        <p className="text-sm text-slate-600">{contactDetails.callNote}</p>
        <a href={phone.href} className={`mt-3 w-full sm:w-auto ${buttonClass("primary")}`}>
          <Icon name="phone" className="size-4" />
          {contactDetails.callNow}
        </a>
        <WhatsAppLink number={whatsapp} text={whatsappCopy.general} />
      </div>
    </section>
  );
}

function MessageForm() {
  return (
    <section
      aria-labelledby="contact-form-heading"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id="contact-form-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {contactForm.heading}
      </h2>
      <p className="mt-2 text-slate-600">{contactForm.intro}</p>
      <div className="mt-6">
        <Island.ContactForm />
      </div>
    </section>
  );
}

function OfficeMap() {
  return (
    <section aria-labelledby="office-map-heading" className="mt-12 sm:mt-16">
      <h2 id="office-map-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {officeMap.heading}
      </h2>
      <p className="mt-2 text-slate-600">{officeMap.lead}</p>
      <div className="mt-6 overflow-hidden rounded-2xl bg-slate-100 ring-1 ring-slate-200">
        {/* Loaded by the contact script only when scrolled near (client/scripts/office-map.ts): the map is
            the page's one third-party resource and must not compete with the form. */}
        <div
          data-map-embed={officeMap.embedUrl}
          data-map-title={officeMap.title}
          className="flex h-80 w-full items-center justify-center text-sm text-slate-600 sm:h-[420px]"
        >
          <noscript>
            <iframe
              src={officeMap.embedUrl}
              title={officeMap.title}
              width={officeMap.width}
              height={officeMap.height}
              loading="lazy"
              referrerPolicy="strict-origin-when-cross-origin"
              className="block h-80 w-full border-0 sm:h-[420px]"
            />
          </noscript>
        </div>
      </div>
      <p className="mt-3 text-sm">
        <a href={officeMap.largerMapUrl} className={`inline-flex items-center gap-1 ${detailLinkClass}`}>
          {officeMap.largerMapLabel}
          <Icon name="arrowRight" className="size-4" />
        </a>
      </p>
    </section>
  );
}

export const contactPage: Page = {
  path: paths.contact,
  ...contactMeta,
  scripts: ["office-map"],
  offersWhatsApp: true,
  render: ({ whatsapp }) => (
    <>
      <PageHero {...contactHero} />
      <div className="bg-white py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-10">
            <MessageForm />
            <ContactDetails whatsapp={whatsapp ?? null} />
          </div>
          <OfficeMap />
        </div>
      </div>
      <Island.AppToaster />
    </>
  ),
};
