import { reactRenderer } from "@hono/react-renderer";
import { BackOfficeDocument } from "./back-office-document.tsx";
import { Document, type DocumentProps } from "./document.tsx";

declare module "@hono/react-renderer" {
  interface Props {
    /** The site's shell (header, footer, islands) or the back office's bare one. */
    layout: "site" | "back-office";
    /** What the page's document needs beyond its body: head copy, scripts, origin. */
    document: Omit<DocumentProps, "children">;
  }
}

/**
 * The one document renderer, for public and back-office pages alike: `c.render(body, { layout,
 * document })`. The HTML it renders is then finished by render/page-response.tsx (per-page
 * stylesheet, its CSP hash, the render-once cache).
 */
export const documentRenderer = reactRenderer(
  ({ children, layout, document }) =>
    layout === "back-office" ? (
      <BackOfficeDocument title={document.title}>{children}</BackOfficeDocument>
    ) : (
      <Document {...document}>{children}</Document>
    ),
  { docType: "<!doctype html>" },
);
