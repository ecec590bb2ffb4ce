import { reactRenderer } from "@hono/react-renderer";
import { Document, type DocumentProps } from "./document.tsx";

declare module "@hono/react-renderer" {
  interface Props {
    /** What the page's document needs beyond its body: head copy, scripts, origin. */
    document: Omit<DocumentProps, "children">;
  }
}

/**
 * The site's document layout for `c.render(body, { document })`. The HTML it renders is then
 * finished by render/page-response.tsx (per-page stylesheet, its CSP hash, the render-once cache).
 */
export const documentRenderer = reactRenderer(
  ({ children, document }) => <Document {...document}>{children}</Document>,
  { docType: "<!doctype html>" },
);
