import { company } from "../site/company-copy.ts";
import { footerLegalLinks, footerQuickLinks, type NavLink } from "../site/navigation-copy.ts";
import { Icon } from "./Icon.tsx";
import { Logo } from "./Logo.tsx";
import { PostalAddress } from "./PostalAddress.tsx";

function LinkList({ title, links }: { title: string; links: NavLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-2">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="text-sm text-slate-300 hover:text-white hover:underline">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { phone, emails } = company;
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <Logo inverted />
          <p className="mt-4 text-sm leading-6">{company.blurb}</p>
        </div>
        <LinkList title="Quick Links" links={footerQuickLinks} />
        <LinkList title="Legal" links={footerLegalLinks} />
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <Icon name="mapPin" className="mt-0.5 size-4 shrink-0" />
              <span>
                <PostalAddress />
              </span>
            </p>
            <p className="flex gap-2">
              <Icon name="phone" className="mt-0.5 size-4 shrink-0" />
              <a href={phone.href} className="hover:text-white hover:underline">
                {phone.display}
              </a>
            </p>
            {Object.values(emails).map((email) => (
              <p key={email.href} className="flex gap-2">
                <Icon name="mail" className="mt-0.5 size-4 shrink-0" />
                <a href={email.href} className="break-all hover:text-white hover:underline">
                  {email.display}
                </a>
              </p>
            ))}
          </address>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-slate-400 sm:px-6 md:flex-row md:justify-between lg:px-8">
          <p>{`© ${company.founded} ${company.legalName}. All rights reserved.`}</p>
          <p>{`${company.registration}. Registration No. ${company.registrationNumber}.`}</p>
        </div>
      </div>
    </footer>
  );
}
