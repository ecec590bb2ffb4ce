// Renders the share image (public/og-image.jpg, 1200×630) from HTML in Chromium, so it stays in
// step with the brand without an image editor. Run after changing the company name or colours.
import { chromium } from "playwright-core";
import { company } from "../src/site/company-copy.ts";
import { chromiumArgs, findChromium } from "../tests/browser/support/chromium.ts";

const html = `<!doctype html><html><head><meta charset="utf-8"><style>
  body{margin:0;width:1200px;height:630px;font-family:system-ui,sans-serif;color:#fff;
    background:linear-gradient(135deg,#0f3d3e 0%,#16514b 55%,#17655c 100%);display:flex;flex-direction:column;justify-content:center;padding:0 96px;box-sizing:border-box}
  .logo{display:flex;align-items:center;gap:20px;font-size:40px;font-weight:700}
  .logo span{color:#fcbc4f}
  h1{font-size:72px;line-height:1.05;margin:48px 0 24px;max-width:900px}
  p{font-size:30px;color:#d5f4ec;margin:0}
  .bar{position:absolute;left:0;bottom:0;height:16px;width:100%;background:#f08a0b}
</style></head><body>
  <div class="logo"><svg width="72" height="72" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#fff"/>
  <path d="M6 14c3-4 17-4 20 0M9 14c2 3 12 3 14 0M16 15v11M12 26h8" fill="none" stroke="#16514b" stroke-width="2.2" stroke-linecap="round"/></svg>
  <div>${company.shortName} <span>Consulting</span></div></div>
  <h1>IT consulting for businesses across East Africa</h1>
  <p>Strategy · Cloud · Software · Cybersecurity · Data · Managed support — Nairobi, Kenya</p>
  <div class="bar"></div>
</body></html>`;

const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: "public/og-image.jpg", type: "jpeg", quality: 85 });
await browser.close();
console.log("wrote public/og-image.jpg");
