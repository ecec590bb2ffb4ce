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
  const assets = pageAssets([], new Set());
  const html = renderToString(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{adminCopy.title}</title>
        {assets.inlineCss && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: filled with our own built rules, allowed by their CSP hash
          <style dangerouslySetInnerHTML={{ __html: STYLES_PLACEHOLDER }} />
        )}
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-800 antialiased">
        <AdminPage view={view} />
      </body>
    </html>,
  );
  return withPageStyles(`<!doctype html>${html}`, []);
}
