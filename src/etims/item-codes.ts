/**
 * Our catalogue as KRA knows it: every item's eTIMS item code (itemCd), registered once with
 * saveItem by `npm run etims:items`, and its item classification (itemClsCd). docs/tax.md gives
 * the choices. A code, once registered, names its item for good: new items take the next number,
 * and a test fails when an item of the catalogue has none.
 */
import { recursMonthly } from "../catalogue/pricing-categories.ts";

/**
 * What a sale names when the payment's order lines are no longer held (an erased order): a general
 * IT service, registered with the catalogue.
 */
export const GENERAL_SERVICE = { id: "general-it-service", name: "IT services", category: "Support" } as const;

/** The item's number in our sequence: never reused, never renumbered. */
const ITEM_NUMBERS: Record<string, number> = {
  e1: 1,
  e2: 2,
  e3: 3,
  e4: 4,
  e5: 5,
  e6: 6,
  e7: 7,
  e8: 8,
  s1: 9,
  s2: 10,
  s3: 11,
  s4: 12,
  s5: 13,
  s6: 14,
  s7: 15,
  s8: 16,
  s9: 17,
  s10: 18,
  m1: 19,
  m2: 20,
  m3: 21,
  m4: 22,
  m5: 23,
  m6: 24,
  m7: 25,
  m8: 26,
  p1: 27,
  p2: 28,
  p3: 29,
  p4: 30,
  p5: 31,
  p6: 32,
  "pricing-starter": 33,
  "pricing-business": 34,
  "pricing-enterprise": 35,
  "pricing-quick-tech-fix": 36,
  "pricing-software-installation": 37,
  "pricing-email-configuration": 38,
  "pricing-data-backup-setup": 39,
  "pricing-website-updates": 40,
  "pricing-network-configuration": 41,
  "pricing-it-health-check": 42,
  "pricing-it-consultation-session": 43,
  "pricing-security-hardening": 44,
  "pricing-custom-automation-script": 45,
  "pricing-cybersecurity-audit": 46,
  "pricing-cloud-migration-package": 47,
  "pricing-emergency-support-package": 48,
  "pricing-training-workshop": 49,
  [GENERAL_SERVICE.id]: 50,
};

/** KRA's item type 3: a service. Packaging "NT" (net, none) and quantity unit "U" (a unit of service). */
export const ITEM_TYPE_SERVICE = "3";
export const PACKAGING_UNIT = "NT";
export const QUANTITY_UNIT = "U";

/**
 * KE (origin), 3 (a service), NT and U (the units), then our number in seven digits: the layout of
 * KRA's own examples (KE1NTXU0000001 for goods).
 */
export function itemCodeOf(itemId: string): string | null {
  const number = ITEM_NUMBERS[itemId];
  return number === undefined
    ? null
    : `KE${ITEM_TYPE_SERVICE}${PACKAGING_UNIT}${QUANTITY_UNIT}${String(number).padStart(7, "0")}`;
}

/**
 * KRA's item classifications (UNSPSC-based, ten digits) for IT services, one per category of our
 * catalogue: system administration for support, set-up, networking, security and plans; data
 * services for cloud, migration and recovery; internet services for the web; software engineering
 * for development; management consulting for consulting.
 */
const SYSTEM_ADMINISTRATION = "8111180000";
const CLASS_BY_CATEGORY: Record<string, string> = {
  Cloud: "8111200000",
  Migration: "8111200000",
  Recovery: "8111200000",
  Web: "8111210000",
  Development: "8111150000",
  Consulting: "8010150000",
};

export function itemClassOf(category: string): string {
  if (recursMonthly(category)) return SYSTEM_ADMINISTRATION;
  return CLASS_BY_CATEGORY[category] ?? SYSTEM_ADMINISTRATION;
}

/** Every item number we have given (for the command that registers them). */
export const registeredItemIds = (): string[] => Object.keys(ITEM_NUMBERS);
