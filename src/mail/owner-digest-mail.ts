import { escapeHtml, footerText, htmlFrame, link } from "./mail-layout.ts";
import type { MailTemplate } from "./mail-types.ts";
import { ownerAlertCopy } from "./owner-alerts-copy.ts";

type DigestSection = keyof typeof ownerAlertCopy.digest.sections;

/** The owner's morning summary: each non-empty list, its lines, and the back-office page it lives on. */
export type OwnerDigestData = {
  /** The Nairobi day it summarises, written out ("25 November 2026"). */
  day: string;
  sections: { key: DigestSection; lines: string[]; url: string }[];
};

const copy = ownerAlertCopy.digest;

/** One line of text each: a name typed with line breaks must not start a line of its own. */
const oneLine = (value: string): string => value.replace(/[\r\n\t]+/g, " ");

function sectionText(section: OwnerDigestData["sections"][number]): string {
  return [
    copy.sections[section.key],
    ...section.lines.map((line) => `- ${oneLine(line)}`),
    `${copy.open}: ${section.url}`,
  ].join("\n");
}

/** The admin link is built by the worker from the site's address; anything else is shown, not linked. */
const openHtml = (url: string): string => (/^https?:\/\//i.test(url) ? link(url, copy.open) : escapeHtml(url));

function sectionHtml(section: OwnerDigestData["sections"][number]): string {
  const items = section.lines.map((line) => `<li style="overflow-wrap:anywhere;">${escapeHtml(line)}</li>`);
  return [
    `<h2 style="font-size:18px;margin:20px 0 8px;">${escapeHtml(copy.sections[section.key])}</h2>`,
    `<ul style="margin:0 0 8px;padding-left:20px;">`,
    ...items,
    "</ul>",
    `<p style="margin:0;">${openHtml(section.url)}</p>`,
  ].join("\n");
}

export const ownerDigest: MailTemplate<OwnerDigestData> = {
  audience: "owner",
  render(data, { company }) {
    const subject = copy.subject(oneLine(data.day));
    const text = [copy.intro, "", ...data.sections.flatMap((s) => [sectionText(s), ""]), footerText(company)].join(
      "\n",
    );
    const body = [
      `<h1 style="font-size:22px;margin:0 0 16px;">${escapeHtml(copy.headline)}</h1>`,
      `<p>${escapeHtml(copy.intro)}</p>`,
      ...data.sections.map(sectionHtml),
    ].join("\n");
    return { subject, text, html: htmlFrame(company, copy.headline, body) };
  },
};
