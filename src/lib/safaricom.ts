/**
 * Safaricom numbers as buyers write them (07…, 01…, +254…, 254…, with spaces or dashes) and as
 * Daraja wants them (2547XXXXXXXX / 2541XXXXXXXX). Plain functions, no schema library: /checkout's
 * first load uses them.
 */
export function normaliseSafaricomNumber(text: string): string | null {
  const compact = text.replace(/[\s\-().]/g, "");
  const match = compact.match(/^(?:\+?254|0)([17]\d{8})$/);
  return match ? `254${match[1]}` : null;
}

/** 254712345678 → "0712 345 678", how a Kenyan reads their own number. */
export function displaySafaricomNumber(phone: string): string {
  const local = `0${phone.slice(3)}`;
  return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
}
