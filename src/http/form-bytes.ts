/**
 * The names of the url-encoded fields whose values, percent-decoded, are not UTF-8. A browser's form
 * never sends such bytes; a hand-made post may, and the form parser would silently turn them into
 * U+FFFD, storing text the sender never wrote.
 */
export function notUtf8FormFields(body: ArrayBuffer): string[] {
  // Raw bytes above ASCII become escapes as well, so one strict decoder judges both kinds.
  const encoded = Array.from(new Uint8Array(body), (b) => (b < 0x80 ? String.fromCharCode(b) : `%${b.toString(16)}`));
  const names: string[] = [];
  for (const sequence of encoded.join("").split("&")) {
    const equals = sequence.indexOf("=");
    if (equals < 0 || decodesAsUtf8(sequence.slice(equals + 1))) continue;
    const name = new URLSearchParams(sequence).keys().next().value;
    if (name !== undefined) names.push(name);
  }
  return names;
}

/** decodeURIComponent refuses bytes that are not UTF-8; a stray "%" (kept as it is by forms) is escaped first. */
function decodesAsUtf8(value: string): boolean {
  try {
    decodeURIComponent(value.replace(/%(?![0-9A-Fa-f]{2})/g, "%25"));
    return true;
  } catch {
    return false;
  }
}
