import { type Context, Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { requestLog } from "../http/log.ts";
import type { OwnerPageSettings, Page } from "../render/page.ts";
import { renderPublicPage } from "../render/page-response.tsx";
import { pages } from "./public-pages.ts";

/**
 * The owner's settings a page shows, read from D1 only for the pages that show them. Each module is
 * loaded on such a page's first request: the database's code stays out of the Worker's start.
 */
async function ownerSettingsOf(env: Env, page: Page): Promise<OwnerPageSettings> {
  const owner: OwnerPageSettings = {};
  if (page.offersWhatsApp) {
    const { paymentDetails } = await import("../payments/payment-details.ts");
    owner.whatsapp = (await paymentDetails(env)).whatsapp;
  }
  if (page.showsOdpcRegistration) {
    const { odpcRegistration } = await import("../payments/odpc-registration.ts");
    owner.odpcRegistration = await odpcRegistration(env);
  }
  return owner;
}

/**
 * The page's owner settings, or none when D1 cannot give them now: the contact page and the privacy
 * policy still answer (without the WhatsApp link or the registration number) rather than fail.
 */
async function ownerSettingsOrNone(c: Context<AppEnv>, page: Page): Promise<OwnerPageSettings> {
  try {
    return await ownerSettingsOf(c.env, page);
  } catch (error) {
    requestLog(c).error("The owner's settings could not be read: the page is shown without them", { error });
    return {};
  }
}

/**
 * GET for every public page, each rendered once per isolate and per owner's setting it shows
 * (render/page-response.tsx): only a page that offers WhatsApp or names the ODPC registration
 * asks D1.
 */
export function pageRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  for (const page of pages) {
    app.get(page.path, async (c) => {
      if (!page.offersWhatsApp && !page.showsOdpcRegistration) return renderPublicPage(c, page);
      return renderPublicPage(c, page, await ownerSettingsOrNone(c, page));
    });
  }
  return app;
}
