import { formatMoney } from "../lib/money.ts";
import { headerSafe } from "../providers/email.ts";
import type { MailContext, MailOrderLine } from "./mail-types.ts";

type Company = MailContext["company"];

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Everything a visitor typed passes through this before it enters an HTML part (attributes too). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}

/** User text for a subject: one line, and short enough that a long name cannot bury the point. */
export function subjectText(value: string, max = 80): string {
  const safe = headerSafe(value);
  return safe.length > max ? `${safe.slice(0, max - 1).trimEnd()}…` : safe;
}

const LINK = "color:#17655c;text-decoration:underline;";
const FONT = "font-family:Arial,Helvetica,sans-serif;";
const CELL = "padding:8px 6px;border-bottom:1px solid #e5e7eb;vertical-align:top;";

const hoursLine = (c: Company): string => `${c.hours.days} ${c.hours.open}-${c.hours.close} ${c.hours.timeZone}`;

/** For the company's own contacts and the site's pages only: a visitor's text is never made a link. */
export const link = (href: string, label: string): string =>
  `<a href="${escapeHtml(href)}" style="${LINK}">${escapeHtml(label)}</a>`;

/** The admin link is built by the worker from the site's address; anything else is shown, not linked. */
export const adminLinkHtml = (url: string): string =>
  /^https?:\/\//i.test(url) ? link(url, "View the order in the admin") : escapeHtml(url);

export function supportText(c: Company): string {
  return [
    `Need help? Call ${c.phone.display} or e-mail ${c.emails.support.display}.`,
    `Business hours: ${hoursLine(c)}.`,
  ].join("\n");
}

export function supportHtml(c: Company): string {
  const phone = link(c.phone.href, c.phone.display);
  const mail = link(c.emails.support.href, c.emails.support.display);
  return `<p>Need help? Call ${phone} or e-mail ${mail}.<br>\nBusiness hours: ${escapeHtml(hoursLine(c))}.</p>`;
}

const addressLine = (c: Company): string =>
  [...c.address.lines, `${c.address.city} ${c.address.postalCode}`, c.address.country].join(", ");

export function footerText(c: Company): string {
  return [
    "--",
    c.legalName,
    addressLine(c),
    `Phone: ${c.phone.display} | E-mail: ${c.emails.general.display}`,
    `Company registration number: ${c.registrationNumber}`,
  ].join("\n");
}

function footerHtml(c: Company): string {
  return [
    `<strong>${escapeHtml(c.legalName)}</strong>`,
    escapeHtml(addressLine(c)),
    `Phone: ${link(c.phone.href, c.phone.display)} | E-mail: ${link(c.emails.general.href, c.emails.general.display)}`,
    `Company registration number: ${escapeHtml(c.registrationNumber)}`,
  ].join("<br>\n");
}

/**
 * The HTML part around a body: tables and inline styles because e-mail clients drop <style> and
 * flexbox; nothing loaded from elsewhere, so it reads the same with remote content blocked.
 */
export function htmlFrame(c: Company, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;">
<tr><td style="${FONT}padding:20px 28px;background-color:#17655c;color:#ffffff;font-size:20px;font-weight:bold;">${escapeHtml(c.name)}</td></tr>
<tr><td style="${FONT}padding:28px;font-size:16px;line-height:1.5;color:#1f2937;">
${body}
</td></tr>
<tr><td style="${FONT}padding:20px 28px;border-top:1px solid #e5e7eb;font-size:13px;line-height:1.5;color:#4b5563;">
${footerHtml(c)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** Label-value pairs (sender, customer), for the owner's e-mails. */
export type Details = [label: string, value: string][];

/** One line per detail: a name typed with line breaks must not start a line that reads like another field. */
export function detailsText(details: Details): string {
  const width = Math.max(...details.map(([label]) => label.length)) + 2;
  return details.map(([label, value]) => `${`${label}:`.padEnd(width)}${headerSafe(value)}`).join("\n");
}

export function detailsHtml(details: Details): string {
  const row = ([label, value]: [string, string]) =>
    `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;vertical-align:top;">${escapeHtml(label)}</th><td style="padding:4px 0;overflow-wrap:anywhere;word-break:break-word;">${escapeHtml(value)}</td></tr>`;
  return `<table cellpadding="0" cellspacing="0" border="0" style="${FONT}margin-bottom:16px;">\n${details.map(row).join("\n")}\n</table>`;
}

const lineTotal = (line: MailOrderLine): number => line.unitAmountCents * line.quantity;
const priced = (cents: number, recurring: boolean): string => `${formatMoney(cents)}${recurring ? " per month" : ""}`;

/** Order lines as aligned columns, the category under each name, for the plain-text part. */
export function linesText(lines: MailOrderLine[]): string {
  const rows = lines.map((l) => [
    l.name,
    String(l.quantity),
    priced(l.unitAmountCents, l.recurring),
    priced(lineTotal(l), l.recurring),
  ]);
  const head = ["Item", "Qty", "Unit price", "Line total"];
  const nameWidth = Math.max(head[0]!.length, ...lines.map((l) => Math.max(l.name.length, l.category.length + 2)));
  const widths = head.map((h, i) => (i === 0 ? nameWidth : Math.max(h.length, ...rows.map((r) => r[i]!.length))));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[i]!))).join("  ");
  const rule = "-".repeat(widths.reduce((a, b) => a + b + 2, -2));
  const body = rows.flatMap((row, i) => [format(row).trimEnd(), `  ${lines[i]!.category}`]);
  return [format(head), rule, ...body].join("\n");
}

export function linesHtml(lines: MailOrderLine[]): string {
  const th = (label: string, align: string) =>
    `<th scope="col" style="${CELL}text-align:${align};font-size:14px;">${label}</th>`;
  const td = (content: string, align = "right") => `<td style="${CELL}text-align:${align};">${content}</td>`;
  const rows = lines.map((l) =>
    [
      "<tr>",
      td(
        `${escapeHtml(l.name)}<br><span style="font-size:13px;color:#4b5563;">${escapeHtml(l.category)}</span>`,
        "left",
      ),
      td(String(l.quantity)),
      td(escapeHtml(priced(l.unitAmountCents, l.recurring))),
      td(escapeHtml(priced(lineTotal(l), l.recurring))),
      "</tr>",
    ].join(""),
  );
  const head = `<tr>${th("Item", "left")}${th("Qty", "right")}${th("Unit price", "right")}${th("Line total", "right")}</tr>`;
  return `<table cellpadding="0" cellspacing="0" border="0" style="${FONT}width:100%;border-collapse:collapse;font-size:15px;">
<thead>${head}</thead>
<tbody>
${rows.join("\n")}
</tbody>
</table>`;
}

/**
 * "Paid today: $475.00" and, for a subscription, what recurs: "Then $375.00 per month". A quote
 * names the first figure "Due on acceptance".
 */
export function totalsText(paidTodayCents: number, monthlyCents: number, label = "Paid today"): string {
  const paid = `${label}: ${formatMoney(paidTodayCents)}`;
  return monthlyCents > 0 ? `${paid}\nThen ${formatMoney(monthlyCents)} per month` : paid;
}

export function totalsHtml(paidTodayCents: number, monthlyCents: number, label = "Paid today"): string {
  const then = monthlyCents > 0 ? `<br>\nThen ${formatMoney(monthlyCents)} per month` : "";
  return `<p><strong>${escapeHtml(label)}: ${formatMoney(paidTodayCents)}</strong>${then}</p>`;
}
