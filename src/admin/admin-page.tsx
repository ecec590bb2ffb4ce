/**
 * The owner's back office: one page per section (its *-view.tsx), each with the shared header,
 * search form and pagination (admin-chrome.tsx), in the back office's bare document. What it draws
 * (the chrome: filter, counts, links; and each section's data) is built and typed by admin-sections.ts.
 */

import { InvoicesSection } from "../etims/invoices-view.tsx";
import { adminSectionPaths } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { adminCopy } from "./admin-copy.ts";
import type { AdminChrome, AdminSectionData } from "./admin-sections.ts";
import { MessagesSection } from "./messages-view.tsx";
import { OrdersSection } from "./orders-view.tsx";
import { OutboxSection } from "./outbox-view.tsx";
import { QuotesSection } from "./quotes-view.tsx";
import { SubscriptionsSection } from "./subscriptions-view.tsx";

/** A section's page body. */
function AdminSectionPage({ chrome, data }: { chrome: AdminChrome; data: AdminSectionData }) {
  switch (data.section) {
    case "orders":
      return <OrdersSection chrome={chrome} view={data} />;
    case "subscriptions":
      return <SubscriptionsSection chrome={chrome} view={data} />;
    case "quotes":
      return <QuotesSection chrome={chrome} view={data} />;
    case "messages":
      return <MessagesSection chrome={chrome} view={data} />;
    case "outbox":
      return <OutboxSection chrome={chrome} view={data} />;
    case "invoices":
      return <InvoicesSection chrome={chrome} view={data} />;
  }
}

/** A section of the back office for the signed-in owner. */
export function adminSectionPage(chrome: AdminChrome, data: AdminSectionData): Page {
  return {
    path: adminSectionPaths[data.section],
    title: adminCopy.sectionTitle(adminCopy.nav.sections[data.section]),
    description: "",
    layout: "back-office",
    render: () => <AdminSectionPage chrome={chrome} data={data} />,
  };
}

export type AdminNotice = { title: string; message: string; back: { href: string; label: string } };

/**
 * A short answer of the owner's forms (e.g. a resend refused because the e-mail is no longer
 * failed): the message and a link back to where the owner was.
 */
export function adminNoticePage(notice: AdminNotice): Page {
  return {
    path: adminSectionPaths.orders,
    title: `${notice.title} | ${adminCopy.title}`,
    description: "",
    layout: "back-office",
    render: () => (
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{notice.title}</h1>
        <p className="mt-3 text-slate-700" role="status">
          {notice.message}
        </p>
        <p className="mt-6">
          <a
            className="inline-flex min-h-6 items-center text-brand-700 underline underline-offset-2 hover:text-brand-900"
            href={notice.back.href}
          >
            {notice.back.label}
          </a>
        </p>
      </main>
    ),
  };
}
