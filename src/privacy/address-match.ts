/** Finding stored addresses by their domain in SQL, for the rules that work by mailbox. */

/**
 * The address as stored (trimmed, without a trailing dot, lower-cased in ASCII) ends with the
 * `@domain` bound as `param`. A suffix compared as text, not LIKE: D1 refuses LIKE patterns over 50
 * bytes, and a domain may be longer; nor has text compared this way any wildcard to escape.
 */
export const AT_DOMAIN = (column: string, param = "?1") =>
  `substr(lower(rtrim(trim(${column}), '.')), -length(${param})) = ${param}`;
