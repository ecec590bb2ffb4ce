/**
 * The business's ODPC registration number: an owner setting (decisions.md, "Tax and payment
 * details"), named by the privacy policy once set and left out while it is not, never a
 * placeholder. Saving is one batch with its audit row (payments/setting-queries.ts).
 */
import { isWellFormedText } from "../lib/well-formed-text.ts";
import { z } from "../lib/zod.ts";
import { odpcCopy } from "./odpc-copy.ts";
import { getSetting, putSetting } from "./setting-queries.ts";

const KEY = "odpc_registration";

/** Letters, digits, spaces and the separators certificates use; never brackets, which read as placeholders. */
const ALLOWED = /^[A-Za-z0-9 /.-]+$/;
/** Control and format characters (line breaks, tabs, zero-width and bidirectional marks). */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const MIN_LENGTH = 3;
export const ODPC_REGISTRATION_MAX = 60;
/** The most refused characters a refusal names: enough to see the mistake. */
const SHOWN_MAX = 5;

/** Surrounding space trimmed, and any run of spaces (a pasted no-break space too) made one. */
const tidy = (text: string): string => text.replace(/\p{Zs}+/gu, " ").trim();

/** Every reason the tidied text is not a registration number, in the order the owner mends them. */
function problemsOf(value: string): string[] {
  const invalid = odpcCopy.invalid;
  if (!isWellFormedText(value)) return [invalid.illFormed];
  const problems: string[] = [];
  const length = Array.from(value).length;
  if (length < MIN_LENGTH || length > ODPC_REGISTRATION_MAX) problems.push(invalid.length(length));
  if (INVISIBLE.test(value)) problems.push(invalid.invisible);
  const others = new Set(Array.from(value).filter((c) => !ALLOWED.test(c) && !INVISIBLE.test(c)));
  if (others.size > 0) problems.push(invalid.characters([...others].slice(0, SHOWN_MAX)));
  if (!/\d/.test(value)) problems.push(invalid.noDigit);
  // "ODPC/123." would read "…is ODPC/123.." in the policy's sentence.
  if (/^[/.-]|[/.-]$/.test(value)) problems.push(invalid.edges);
  return problems;
}

/** The form's one field, checked by zod with every problem listed; "" (or no field) clears the number. */
const registrationField = z
  .string()
  .optional()
  .transform((text) => tidy(text ?? ""))
  .superRefine((value, ctx) => {
    if (value === "") return;
    for (const message of problemsOf(value)) ctx.addIssue({ code: "custom", message });
  });

export type ParsedOdpcRegistration = { ok: true; value: string | null } | { ok: false; problems: string[] };

/** The owner's input: a number to show, null to show none, or why it cannot be saved. */
export function parseOdpcRegistration(text: string | undefined): ParsedOdpcRegistration {
  const parsed = registrationField.safeParse(text);
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((issue) => issue.message) };
  return { ok: true, value: parsed.data === "" ? null : parsed.data };
}

/** What the owner typed, shown back in the field after a refusal: clipped, never a page of text. */
export function typedOdpcRegistration(text: string | undefined): string {
  return Array.from(text ?? "")
    .slice(0, ODPC_REGISTRATION_MAX + 20)
    .join("");
}

/**
 * The number the privacy policy shows, or null. A stored value is checked again, so nothing but a
 * well-formed number (never a placeholder written some other way) can reach a visitor.
 */
export async function odpcRegistration(env: Env): Promise<string | null> {
  const row = await getSetting(env.DB, KEY);
  if (!row) return null;
  const parsed = parseOdpcRegistration(row.value);
  return parsed.ok ? parsed.value : null;
}

/** The setting as the Settings form shows it: the number, when and by whom it was set. */
export type OdpcSetting = { value: string; setAt: string; setBy: string } | null;

export async function odpcSetting(env: Env): Promise<OdpcSetting> {
  const row = await getSetting(env.DB, KEY);
  return row ? { value: row.value, setAt: row.updated_at, setBy: row.updated_by } : null;
}

/** Saves the checked number (null clears it), audited in the same batch. */
export function saveOdpcRegistration(env: Env, value: string | null, actor: string): Promise<void> {
  return putSetting(env.DB, KEY, value, actor);
}
