import { vatStatus } from "../tax/vat.ts";
import type { PageSettings } from "./page.ts";

/** The configuration pages show, read from the deploy's bindings. */
export function pageSettings(env: Env): PageSettings {
  return { vatIncluded: vatStatus(env).registered };
}

/** Part of a kept page's key: a page rendered under other settings is another page. */
export const settingsKey = (settings: PageSettings): string =>
  `${settings.vatIncluded ? "vat" : "no-vat"}${settings.whatsapp ? `:wa${settings.whatsapp}` : ""}${
    settings.odpcRegistration ? `:odpc${settings.odpcRegistration}` : ""
  }`;
