import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { renderPublicPage } from "../render/page-response.tsx";
import { pages } from "./public-pages.ts";

/**
 * GET for every public page, each rendered once per isolate and per owner's setting it shows
 * (render/page-response.tsx): only a page that offers WhatsApp asks D1 for the number.
 */
export function pageRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  for (const page of pages) {
    app.get(page.path, async (c) => {
      if (!page.offersWhatsApp) return renderPublicPage(c, page);
      // Loaded on such a page's first request: the database's code stays out of the Worker's start.
      const { paymentDetails } = await import("../payments/payment-details.ts");
      const { whatsapp } = await paymentDetails(c.env);
      return renderPublicPage(c, page, { whatsapp });
    });
  }
  return app;
}
