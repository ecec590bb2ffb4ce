import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { adminCopy } from "../content/admin.ts";
import { AdminPage, type AdminView } from "../pages/admin.tsx";
import { pageAssets } from "./assets.ts";
import { STYLES_PLACEHOLDER, withPageStyles } from "./page-styles.ts";

/**
 * The owner's page in its own minimal document (no public header, footer or scripts), styled by
 * the site's stylesheet, marked noindex.
 */
export function renderAdminHtml(view: AdminView): Promise<{ html: string; styleHash: string | null }> {
  return renderAdminDocument(adminCopy.title, <AdminPage view={view} />);
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
