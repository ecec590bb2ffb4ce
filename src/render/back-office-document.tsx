import type { ReactNode } from "react";
import { pageAssets } from "./assets.ts";
import { STYLES_PLACEHOLDER } from "./page-styles.ts";

/**
 * The owner's pages' document: no public header, footer or scripts, never indexed or followed,
 * styled by the site's stylesheet (pruned to what the page uses, like every page).
 */
export function BackOfficeDocument({ title, children }: { title: string; children: ReactNode }) {
  const assets = pageAssets([], new Set());
  return (
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
      <body className="min-h-screen bg-slate-50 text-slate-800 antialiased">{children}</body>
    </html>
  );
}
