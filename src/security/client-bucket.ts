/**
 * The bucket a client address counts against in a rate limiter. An IPv4 address is its own bucket;
 * an IPv6 address counts by its first 64 bits, since one subscriber usually holds a whole /64 (often
 * far more) and can pick a new address in it for every request. Every spelling of one address gives
 * one key: upper or lower case, zero-compressed or not, with brackets or a zone id
 * (`fe80::1%eth0`), and IPv4-mapped IPv6 (`::ffff:1.2.3.4`) counts as the IPv4 address.
 *
 * A missing or unparseable address (only local runs: Cloudflare always sets CF-Connecting-IP to a
 * valid address) falls in one shared bucket, so garbage cannot be varied to escape the limit.
 */
export const UNKNOWN_CLIENT = "unknown-client";

export function clientBucket(address: string | null | undefined): string {
  const text = (address ?? "").trim();
  if (!text) return UNKNOWN_CLIENT;

  const v4 = parseIPv4(text);
  if (v4) return v4.join(".");

  const v6 = parseIPv6(text);
  if (!v6) return UNKNOWN_CLIENT;
  // ::ffff:0:0/96, IPv4-mapped: an IPv4 client seen through an IPv6 socket.
  if (v6.slice(0, 5).every((group) => group === 0) && v6[5] === 0xffff) {
    return [v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff].join(".");
  }
  return `${v6
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The four bytes of a dotted-quad IPv4 address (decimal parts 0–255), or null. */
function parseIPv4(text: string): number[] | null {
  const match = text.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (!match) return null;
  const bytes = match.slice(1, 5).map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

/**
 * The eight 16-bit groups of an IPv6 address, or null: one `::` at most, groups of 1–4 hex digits,
 * an optional dotted IPv4 tail (the last 32 bits), optional surrounding brackets and zone id.
 */
function parseIPv6(input: string): number[] | null {
  let text = input;
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  if (!text.includes(":") || text.length > 45) return null;

  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = groupsOf(halves[0] ?? "", halves.length === 1);
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? "", true) : [];
  if (!head || !tail) return null;

  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  // "::" stands for at least one group of zeros.
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

/** The groups of one side of `::` (empty side: none); a dotted IPv4 is allowed only at the very end. */
function groupsOf(part: string, mayEndWithIPv4: boolean): number[] | null {
  if (part === "") return [];
  const pieces = part.split(":");
  const groups: number[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (/^[0-9a-f]{1,4}$/i.test(piece)) {
      groups.push(Number.parseInt(piece, 16));
      continue;
    }
    const v4 = mayEndWithIPv4 && index === pieces.length - 1 ? parseIPv4(piece) : null;
    if (!v4) return null;
    groups.push(((v4[0]! << 8) | v4[1]!) >>> 0, ((v4[2]! << 8) | v4[3]!) >>> 0);
  }
  return groups;
}
