/**
 * The business's payment details (bank account, paybill or till) and WhatsApp number: owner
 * settings (decisions.md, "Tax and payment details"), never placeholders. A way of paying whose
 * details are not set is absent here, so every page, document and e-mail that shows one simply
 * leaves it out. Saving is one batch with its audit row (payments/setting-queries.ts).
 */
import type { PaymentDetails } from "../lib/payment-ways.ts";
import { isWellFormedText } from "../lib/well-formed-text.ts";
import { paymentDetailsCopy } from "./payment-details-copy.ts";
import { getSettings, putSettings, type SettingKey } from "./setting-queries.ts";

/** Each detail's settings key, in the order the form and the audit row list them. */
const KEYS = {
  bankName: "bank_name",
  accountName: "bank_account_name",
  accountNumber: "bank_account_number",
  branch: "bank_branch",
  swift: "bank_swift",
  paybill: "mpesa_paybill",
  till: "mpesa_till",
  whatsapp: "whatsapp_number",
} as const satisfies Record<string, SettingKey>;

type Field = keyof typeof KEYS;
/** The checked details, ready to save: null clears one. */
export type PaymentDetailsValues = Record<Field, string | null>;

const NO_DETAILS: PaymentDetails = { bank: null, paybill: null, till: null, whatsapp: null };

/** What is set now. A bank account counts only when its three required parts are all set. */
export async function paymentDetails(env: Env): Promise<PaymentDetails> {
  const stored = await getSettings(env.DB, Object.values(KEYS));
  if (stored.size === 0) return NO_DETAILS;
  const get = (field: Field) => stored.get(KEYS[field]) ?? null;
  const [bank, accountName, accountNumber] = [get("bankName"), get("accountName"), get("accountNumber")];
  return {
    bank:
      bank && accountName && accountNumber
        ? { bank, accountName, accountNumber, branch: get("branch"), swift: get("swift") }
        : null,
    paybill: get("paybill"),
    till: get("paybill") ? null : get("till"),
    whatsapp: get("whatsapp"),
  };
}

/** The form's fields as text: as saved (empty for a detail not set), or as typed. */
export type PaymentDetailsFields = Record<
  "bankName" | "accountName" | "accountNumber" | "branch" | "swift" | "mpesaKind" | "mpesaNumber" | "whatsapp",
  string
>;

/** The saved details as the Settings form shows them. */
export async function paymentDetailsFields(env: Env): Promise<PaymentDetailsFields> {
  const stored = await getSettings(env.DB, Object.values(KEYS));
  const get = (field: Field) => stored.get(KEYS[field]) ?? "";
  return {
    bankName: get("bankName"),
    accountName: get("accountName"),
    accountNumber: get("accountNumber"),
    branch: get("branch"),
    swift: get("swift"),
    mpesaKind: get("paybill") === "" && get("till") !== "" ? "till" : "paybill",
    mpesaNumber: get("paybill") || get("till"),
    whatsapp: get("whatsapp") === "" ? "" : `+${get("whatsapp")}`,
  };
}

/** The most a refused field is shown back with: enough to see the mistake, never a page of text. */
const TYPED_SHOWN = 120;

/** What the owner typed, shown back in the form after a refusal. */
export function typedPaymentDetails(form: Record<string, string | undefined>): PaymentDetailsFields {
  const typed = (name: keyof PaymentDetailsFields) =>
    Array.from(form[name] ?? "")
      .slice(0, TYPED_SHOWN)
      .join("");
  return {
    bankName: typed("bankName"),
    accountName: typed("accountName"),
    accountNumber: typed("accountNumber"),
    branch: typed("branch"),
    swift: typed("swift"),
    mpesaKind: form.mpesaKind === "till" ? "till" : "paybill",
    mpesaNumber: typed("mpesaNumber"),
    whatsapp: typed("whatsapp"),
  };
}

/** Letters (any script), digits, spaces and the punctuation of names; never brackets, which read as placeholders. */
const NAME_TEXT = /^[\p{L}\p{M}\p{N} .,'&()/-]{2,80}$/u;
const ACCOUNT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]{3,22}[A-Za-z0-9]$/;
/** BIC: bank (4 letters), country (2 letters), location (2), optional branch (3). */
const SWIFT = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const SHORTCODE = /^\d{5,7}$/;

const squeeze = (text: string | undefined): string => (text ?? "").trim().replace(/\s+/g, " ");

/** A phone number as wa.me takes it: a Kenyan 07…/01… gets 254; anything else must carry its country code. */
function normaliseWhatsAppNumber(text: string): string | null {
  const compact = text.replace(/[\s\-().]/g, "");
  const kenyan = compact.match(/^0([17]\d{8})$/);
  if (kenyan) return `254${kenyan[1]}`;
  const international = compact.match(/^(?:\+|00)?([1-9]\d{7,14})$/);
  return international?.[1] ?? null;
}

/** A problem with the form: what to tell the owner, and the fields it is about (marked invalid). */
export type DetailsProblem = { message: string; fields: (keyof PaymentDetailsFields)[] };

export type ParsedPaymentDetails =
  | { ok: true; values: PaymentDetailsValues }
  | { ok: false; problems: DetailsProblem[] };

/** The form's fields checked one by one; every problem is listed, so the owner mends them in one go. */
export function parsePaymentDetails(form: Record<string, string | undefined>): ParsedPaymentDetails {
  const copy = paymentDetailsCopy;
  const problems: DetailsProblem[] = [];
  const problem = (message: string, ...fields: (keyof PaymentDetailsFields)[]) => problems.push({ message, fields });
  const text = (name: keyof PaymentDetailsFields, label: string): string | null => {
    const value = squeeze(form[name]);
    if (value === "") return null;
    if (!isWellFormedText(value) || !NAME_TEXT.test(value)) problem(copy.invalid.text(label), name);
    return value;
  };
  const matching = (
    name: keyof PaymentDetailsFields,
    pattern: RegExp,
    message: string,
    tidy: (v: string) => string,
  ): string | null => {
    const value = tidy(squeeze(form[name]));
    if (value === "") return null;
    if (!pattern.test(value)) problem(message, name);
    return value;
  };
  const bankName = text("bankName", copy.labels.bankName);
  const accountName = text("accountName", copy.labels.accountName);
  const accountNumber = matching("accountNumber", ACCOUNT_NUMBER, copy.invalid.accountNumber, (v) => v);
  const branch = text("branch", copy.labels.branch);
  const swift = matching("swift", SWIFT, copy.invalid.swift, (v) => v.replaceAll(" ", "").toUpperCase());
  const required = { bankName, accountName, accountNumber };
  const missing = (Object.keys(required) as (keyof typeof required)[]).filter((field) => required[field] === null);
  if (missing.length !== 0 && missing.length !== 3) problem(copy.invalid.bankIncomplete, ...missing);
  if (missing.length === 3 && (branch || swift)) problem(copy.invalid.bankExtras, ...missing);
  const number = matching("mpesaNumber", SHORTCODE, copy.invalid.mpesaNumber, (v) => v.replaceAll(" ", ""));
  const till = form.mpesaKind === "till";
  const whatsappText = squeeze(form.whatsapp);
  const whatsapp = whatsappText === "" ? null : normaliseWhatsAppNumber(whatsappText);
  if (whatsappText !== "" && whatsapp === null) problem(copy.invalid.whatsapp, "whatsapp");
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    values: {
      bankName,
      accountName,
      accountNumber,
      branch,
      swift,
      paybill: till ? null : number,
      till: till ? number : null,
      whatsapp,
    },
  };
}

/** Saves the checked details whole (an empty one is cleared), audited in the same batch. */
export async function savePaymentDetails(env: Env, values: PaymentDetailsValues, actor: string): Promise<void> {
  const fields = Object.keys(KEYS) as Field[];
  const writes = new Map<SettingKey, string | null>(fields.map((field) => [KEYS[field], values[field]]));
  const labels = paymentDetailsCopy.labels;
  const named: Record<Field, string> = {
    bankName: labels.bankName,
    accountName: labels.accountName,
    accountNumber: labels.accountNumber,
    branch: labels.branch,
    swift: labels.swift,
    paybill: labels.paybill,
    till: labels.till,
    whatsapp: labels.whatsapp,
  };
  const detail = paymentDetailsCopy.auditDetail(fields.map((field) => [named[field], values[field]]));
  await putSettings(env.DB, writes, { actor, subject: "payment_details", detail });
}
