// Step 5: what only a person can do, in the Cloudflare dashboard, printed at the end of every run.

const EMAIL_SENDING_DOCS = "https://developers.cloudflare.com/email-service/get-started/send-emails/";
const ACCESS_DOCS =
  "https://developers.cloudflare.com/cloudflare-one/applications/configure-apps/self-hosted-public-app/";

export function manualSteps(siteUrl: string, configArgs: string[]): string[] {
  const host = new URL(siteUrl).host;
  const put = (name: string) => `npx wrangler secret put ${name}${configArgs.length ? ` ${configArgs.join(" ")}` : ""}`;
  return [
    "Left for a person (the Cloudflare dashboard, https://dash.cloudflare.com/):",
    `  a. Email Sending: onboard ${host} (Email Sending > Onboard Domain > Add records and onboard; it adds`,
    "     the SPF, DKIM and DMARC records). Then set MAIL_FROM to an address on that domain:",
    `     ${put("MAIL_FROM")}    ${EMAIL_SENDING_DOCS} (and docs/email.md)`,
    `  b. Cloudflare Access for ${host}/admin*: Zero Trust (https://one.dash.cloudflare.com/) > Access >`,
    "     Applications > Add an application > Self-hosted, path admin*, a policy allowing only the owner's",
    `     e-mail address. ${ACCESS_DOCS}`,
    '     Then put the team domain and the application\'s AUD tag (README, "Signing in to /admin"):',
    `     ${put("ACCESS_TEAM_DOMAIN")}`,
    `     ${put("ACCESS_AUD")}`,
    "  c. SSL/TLS > Edge Certificates: turn on Always Use HTTPS.",
    "  d. KRA eTIMS (docs/tax.md): with the PIN, branch and OSCU device serial KRA issued, run",
    "     ETIMS_TIN=… ETIMS_DEVICE_SERIAL=… ETIMS_ENV=production npm run etims:init (it prints the cmcKey once),",
    `     then ${put("ETIMS_TIN")}, ETIMS_BRANCH_ID, ETIMS_DEVICE_SERIAL, ETIMS_CMC_KEY and ETIMS_ENV the same`,
    "     way, and register the catalogue's items: npm run etims:items.",
    "  e. The owner's funnel (/admin/insight, docs/insight.md): My Profile > API Tokens > Create Token with",
    "     Account > Account Analytics > Read only, then put it and the account id (Workers & Pages, right):",
    `     ${put("ANALYTICS_API_TOKEN")}`,
    `     ${put("ANALYTICS_ACCOUNT_ID")}`,
    "Then deploy: npm run deploy",
    "Then, for paybill payments recorded by themselves (docs/paybill.md), with the MPESA_* keys and",
    `MPESA_C2B_PATH_SECRET (openssl rand -hex 16; ${put("MPESA_C2B_PATH_SECRET")}) in .dev.vars or the`,
    `environment as the Worker has them: SITE_URL=${siteUrl} MPESA_ENV=production npm run mpesa:register`,
  ];
}
