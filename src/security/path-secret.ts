/**
 * A secret path segment: what keeps strangers from posting to an address an unsigned callback
 * comes to (Daraja's C2B confirmations, its reversal results). One rule for every such secret, used
 * by the routes that compare it and the commands that register it.
 */

/** 32 characters of at least 16 symbols each (`openssl rand -hex 16`): 128 bits. */
const SECRET = /^[A-Za-z0-9_-]{32,128}$/;
/** A run of one character, or two, passes the length but guesses in no time. */
const MIN_DISTINCT = 8;

/** Daraja refuses (blocks) callback URLs that contain any of these, in any case (its C2B guide). */
const DARAJA_REFUSED_WORDS = ["mpesa", "m-pesa", "safaricom", "sql", "query", "exe", "cmd"] as const;

export type SecretCheck = { ok: true; secret: string } | { ok: false; problem: string };

/** Whether the secret named `name` is usable, or what is wrong with it (for a log line or a command's output). */
export function checkPathSecret(name: string, value: string | undefined): SecretCheck {
  const secret = value?.trim() ?? "";
  if (!secret) return { ok: false, problem: `${name} is not set` };
  if (!SECRET.test(secret) || new Set(secret).size < MIN_DISTINCT) {
    return {
      ok: false,
      problem: `${name} must be at least 32 random letters, digits, - or _ (128 bits): make one with \`openssl rand -hex 16\``,
    };
  }
  const word = darajaRefusedWordIn(secret);
  if (word) return { ok: false, problem: `${name} contains "${word}", which Daraja refuses in a URL` };
  return { ok: true, secret };
}

/** The first word Daraja refuses that the text contains, whatever its case; null when none. */
export function darajaRefusedWordIn(text: string): string | null {
  const lower = text.toLowerCase();
  return DARAJA_REFUSED_WORDS.find((word) => lower.includes(word)) ?? null;
}

/**
 * Whether the secret in a request's path is ours, in time that does not depend on where they
 * differ (nor on their lengths: both are hashed first).
 */
export async function isOurSecret(given: string, ours: string): Promise<boolean> {
  const encode = (text: string) => crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const [a, b] = await Promise.all([encode(given), encode(ours)]);
  return crypto.subtle.timingSafeEqual(a, b);
}
