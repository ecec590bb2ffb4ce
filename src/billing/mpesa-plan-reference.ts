/**
 * The names of an M-Pesa plan: its subscription id (ours, beside Stripe's sub_…), its reference
 * (SUB- and 8 characters, what the buyer types as a paybill account number and what its prompts
 * carry as AccountReference, at most 12 characters), and the pay link's key.
 */
import { base64url } from "../lib/base64url.ts";

/** No 0/O, 1/I/L: a reference is read off an e-mail and typed on a phone. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const REFERENCE = /^SUB-[2-9A-HJKMNP-Z]{8}$/;
const SUBSCRIPTION_ID = /^mps_[0-9a-f]{32}$/;

export function newPlanReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `SUB-${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("")}`;
}

export const newPlanSubscriptionId = (): string => `mps_${crypto.randomUUID().replaceAll("-", "")}`;

/** Unguessable, as a receipt's access key: 256 random bits. */
export const newPayKey = (): string => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** Whether a prompt's AccountReference or a typed account number is a plan's reference (any case). */
export const isPlanReference = (text: string): boolean => REFERENCE.test(text.trim().toUpperCase());

/** Whether a subscription id is one of ours (an M-Pesa plan), not Stripe's. */
export const isPlanSubscriptionId = (id: string): boolean => SUBSCRIPTION_ID.test(id);
