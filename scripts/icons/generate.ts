// `npm run icons`: draws the site's icons from the logo's mark (src/site/brand-copy.ts) with Debian's
// Chromium and writes them to public/: favicon.svg, favicon.ico (16, 32 and 48 px), the 180 px
// apple-touch-icon.png (opaque: iOS shows transparency as black and rounds the corners itself) and
// the manifest's 192 and 512 px icons, and site.webmanifest. The files are committed; run this after changing the mark.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import { brandColors, logoMark } from "../../src/site/brand-copy.ts";
import { company } from "../../src/site/company-copy.ts";
import { chromiumArgs, findChromium } from "../../tests/browser/support/chromium.ts";
import { icoFile } from "./ico.ts";

const out = (file: string) => resolve("public", file);

/** The mark as SVG: on a rounded tile (favicons), or full-bleed (platforms that round it). */
function markSvg({ rounded }: { rounded: boolean }): string {
  const { size, radius, path, strokeWidth } = logoMark;
  const rx = rounded ? ` rx="${radius}"` : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}"><title>${company.name}</title>` +
    `<rect width="${size}" height="${size}"${rx} fill="${brandColors.tile}"/>` +
    `<path d="${path}" fill="none" stroke="#fff" stroke-width="${strokeWidth}" stroke-linecap="round"/></svg>`
  );
}

/** What a phone needs to put the site on its home screen, in the brand's colours. */
const manifest = {
  name: company.name,
  short_name: company.shortName,
  description: "IT consulting in Nairobi, Kenya: strategy, cloud, software, security, data and managed support.",
  start_url: "/",
  scope: "/",
  display: "standalone",
  background_color: "#ffffff",
  theme_color: brandColors.theme,
  icons: [
    { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
  ],
};

const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
try {
  const page = await browser.newPage();
  const png = async (svg: string, px: number, transparent: boolean) => {
    await page.setViewportSize({ width: px, height: px });
    const img = `<img src="data:image/svg+xml,${encodeURIComponent(svg)}" width="${px}" height="${px}" style="display:block">`;
    await page.setContent(`<body style="margin:0">${img}</body>`);
    await page.locator("img").evaluate((el: HTMLImageElement) => el.decode());
    return page.screenshot({ omitBackground: transparent, clip: { x: 0, y: 0, width: px, height: px } });
  };
  const tile = markSvg({ rounded: true });
  const square = markSvg({ rounded: false });
  writeFileSync(out("favicon.svg"), `${tile}\n`);
  writeFileSync(out("favicon.ico"), icoFile(await Promise.all([16, 32, 48].map((px) => png(tile, px, true)))));
  writeFileSync(out("apple-touch-icon.png"), await png(square, 180, false));
  writeFileSync(out("icon-192.png"), await png(square, 192, false));
  writeFileSync(out("icon-512.png"), await png(square, 512, false));
  writeFileSync(out("site.webmanifest"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log("public/: favicon.svg, favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png, site.webmanifest");
} finally {
  await browser.close();
}
