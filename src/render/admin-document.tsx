import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { type AdminQuery, SECTION_STATUSES, type Section, toQueryString } from "../admin/query.ts";
import { adminCopy } from "../content/admin.ts";
import type { OutboxStatus } from "../mail/outbox.ts";
import type { OrderStatus } from "../orders/order-status.ts";
import { type AdminChrome, type AdminSectionData, AdminSectionPage } from "../pages/admin.tsx";
import { ADMIN_MESSAGES_CSV_PATH, ADMIN_ORDERS_CSV_PATH, adminSectionPaths } from "../paths.ts";
import { pageAssets } from "./assets.ts";
import { STYLES_PLACEHOLDER, withPageStyles } from "./page-styles.ts";

/** How each section's filter names its statuses. */
function statusLabel(section: Section): (status: string) => string {
  switch (section) {
    case "orders":
      return (status) => adminCopy.status[status as OrderStatus] ?? status;
    case "outbox":
      return (status) => adminCopy.outbox.status[status as OutboxStatus] ?? status;
    default:
      return (status) => adminCopy.statusLabels[section][status] ?? status;
  }
}

const csvPaths: Partial<Record<Section, string>> = {
  orders: ADMIN_ORDERS_CSV_PATH,
  messages: ADMIN_MESSAGES_CSV_PATH,
};

/** `path?query`, or the path alone for an empty query. */
const href = (path: string, query: string) => (query ? `${path}?${query}` : path);

/**
 * A back-office section's page in its own minimal document (no public header, footer or scripts),
 * styled by the site's stylesheet, marked noindex: the header, the filter, the count, the rows
 * (`data`) and the links to the pages before and after and to the CSV export, each keeping the filter.
 */
export function renderAdminSectionHtml(view: {
  who: string;
  query: AdminQuery;
  found: { total: number; page: number; pages: number };
  data: AdminSectionData;
}): Promise<{ html: string; styleHash: string | null }> {
  const { query, found, data } = view;
  const section = data.section;
  const path = adminSectionPaths[section];
  const at = (page: number) => href(path, toQueryString({ ...query, page }));
  const csv = csvPaths[section];
  const chrome: AdminChrome = {
    section,
    who: view.who,
    query,
    listQuery: toQueryString({ ...query, page: found.page }),
    statuses: SECTION_STATUSES[section],
    statusLabel: statusLabel(section),
    total: found.total,
    page: found.page,
    pages: found.pages,
    links: {
      previous: found.page > 1 ? at(found.page - 1) : null,
      next: found.page < found.pages ? at(found.page + 1) : null,
      csv: csv ? href(csv, toQueryString({ ...query, page: 1 })) : null,
    },
  };
  return renderAdminDocument(
    adminCopy.sectionTitle(adminCopy.nav.sections[section]),
    <AdminSectionPage chrome={chrome} data={data} />,
  );
}

/**
 * A short answer of the owner's forms (e.g. a resend refused because the e-mail is no longer
 * failed): the message and a link back to where the owner was, in the same minimal document.
 */
export function renderAdminNoticeHtml(notice: {
  title: string;
  message: string;
  back: { href: string; label: string };
}): Promise<{ html: string; styleHash: string | null }> {
  return renderAdminDocument(
    `${notice.title} | ${adminCopy.title}`,
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
    </main>,
  );
}

function renderAdminDocument(title: string, body: ReactNode): Promise<{ html: string; styleHash: string | null }> {
  const assets = pageAssets([], new Set());
  const html = renderToString(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{title}</title>
        {assets.inlineCss && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: filled with our own built rules, allowed by their CSP hash
          <style dangerouslySetInnerHTML={{ __html: STYLES_PLACEHOLDER }} />
        )}
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-800 antialiased">{body}</body>
    </html>,
  );
  return withPageStyles(`<!doctype html>${html}`, []);
}
