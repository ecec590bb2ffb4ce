import { type ReactNode, useContext } from "react";
import faviconSvg from "../../public/favicon.svg?raw";
import { Footer } from "../components/Footer.tsx";
import { Header } from "../components/Header.tsx";
import type { IslandName, PageScriptName } from "../islands/registry.ts";
import { OG_IMAGE_PATH, paths } from "../paths.ts";
import { UsedIslands } from "../render/island.tsx";
import { company } from "../site/company-copy.ts";
import { serializeJsonLd } from "../site/structured-data.ts";
import { cartHintCode, islandLoaderCode, pageAssets } from "./assets.ts";
import { svgDataUri } from "./data-uri.ts";
import { STYLES_PLACEHOLDER } from "./page-styles.ts";

/**
 * The tab's icon, without the SVG's <title>: an icon drawn as an image never shows it, and the 26
 * bytes (gzip) it costs every page count against the first round trip (docs/performance.md).
 */
const faviconHref = svgDataUri(faviconSvg.replace(/<title>[^<]*<\/title>/, ""));

export type DocumentProps = {
  path: string;
  title: string;
  description: string;
  scripts: readonly PageScriptName[];
  /** Filled while the page renders with the islands it uses (their chunks join the loader's list). */
  usedIslands: Set<IslandName>;
  /** The site's origin, for canonical and share URLs. */
  origin: string;
  /** Pages that must not be indexed (checkout steps, error pages). */
  noindex?: boolean;
  cartHint?: boolean;
  /** Print styles for a document (src/client/styles.css, `.printable`). */
  printable?: boolean;
  structuredData?: object[];
  children: ReactNode;
};

/**
 * Every page's scripts start after its first paint (src/client/inline/island-loader.ts). Rendered
 * last, so the islands of the page above have all been rendered, and counted, by now.
 */
function IslandLoader({ scripts }: { scripts: readonly PageScriptName[] }) {
  const assets = pageAssets(scripts, useContext(UsedIslands) ?? new Set());
  return (
    <script
      data-entries={assets.entry}
      data-scripts={assets.scripts.join(" ")}
      data-preload={assets.preloads.join(" ") || undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the constant loader, allowed by its CSP hash
      dangerouslySetInnerHTML={{ __html: islandLoaderCode }}
    />
  );
}

/** The HTML shell every page shares: head, skip link, header, main landmark, footer. */
export function Document({
  path,
  title,
  description,
  scripts,
  usedIslands,
  origin,
  noindex,
  cartHint,
  printable,
  structuredData = [],
  children,
}: DocumentProps) {
  const fullTitle =
    path === paths.home ? `${company.name} | IT Consulting in Nairobi, Kenya` : `${title} | ${company.name}`;
  const url = `${origin}${path}`;
  const shareImage = `${origin}${OG_IMAGE_PATH}`;
  // The stylesheet does not depend on the islands: Tailwind builds one for the whole site.
  const assets = pageAssets(scripts, new Set());
  return (
    <UsedIslands value={usedIslands}>
      <html lang="en">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          {cartHint && (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the constant cart hint, allowed by its CSP hash
            <script dangerouslySetInnerHTML={{ __html: cartHintCode }} />
          )}
          <title>{fullTitle}</title>
          <meta name="description" content={description} />
          <meta name="theme-color" content="#0f3d3e" />
          {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
          <meta property="og:type" content="website" />
          <meta property="og:site_name" content={company.name} />
          <meta property="og:title" content={fullTitle} />
          <meta property="og:description" content={description} />
          <meta property="og:url" content={url} />
          <meta property="og:image" content={shareImage} />
          <meta property="og:image:width" content="1200" />
          <meta property="og:image:height" content="630" />
          <meta property="og:image:alt" content={`${company.name}: IT consulting in Nairobi, Kenya`} />
          <meta property="og:locale" content="en_KE" />
          {/* X reads the title, description and image from the og: tags above. */}
          <meta name="twitter:card" content="summary_large_image" />
          {/*
            The tab's icon inline: a request for it would start before the first paint and, on a
            slow phone link, compete with it. Percent-encoded where a URL must be (render/data-uri.ts).
            The manifest is linked by the header script after the first paint, for the same
            reason; /favicon.ico and /apple-touch-icon.png also answer where looked for.
          */}
          <link rel="icon" href={faviconHref} type="image/svg+xml" />
          <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
          {assets.inlineCss && (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: filled with our own built rules, allowed by their CSP hash
            <style dangerouslySetInnerHTML={{ __html: STYLES_PLACEHOLDER }} />
          )}
          {assets.styles.map((href) => (
            <link key={href} rel="stylesheet" href={href} />
          ))}
          {structuredData.map((data) => (
            <script
              key={JSON.stringify(data).slice(0, 64)}
              type="application/ld+json"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD data block, `<` escaped by serializeJsonLd
              dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
            />
          ))}
        </head>
        <body
          className={`flex min-h-screen flex-col bg-white text-slate-800 antialiased${printable ? " printable" : ""}`}
        >
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-100 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800 focus:shadow"
          >
            Skip to content
          </a>
          <Header path={path} />
          <main id="main" className="flex-1">
            {children}
          </main>
          <Footer />
          <IslandLoader scripts={scripts} />
        </body>
      </html>
    </UsedIslands>
  );
}
