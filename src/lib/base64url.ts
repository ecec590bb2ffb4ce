const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * Base64url without padding (RFC 4648 §5): safe in URLs, cookies and ETags as it is. Written out
 * rather than through btoa so the browser's code and the worker's share it without either's globals.
 */
export function base64url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let out = "";
  for (let i = 0; i < view.length; i += 3) {
    const chunk = ((view[i] ?? 0) << 16) | ((view[i + 1] ?? 0) << 8) | (view[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((view.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += ALPHABET[(chunk >> (18 - 6 * k)) & 63];
  }
  return out;
}
