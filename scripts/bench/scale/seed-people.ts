/**
 * The scale seeder's people: Kenyan names, companies and +2547… phones, addresses over 50 domains (a
 * third at gmail.com), and the ways one mailbox gets spelled across forms (dots and +tags at Gmail,
 * capitals, +tags elsewhere), so lookups by mailbox key meet what the site really holds.
 */
import type { Random } from "./seed-random.ts";

const FIRST = [
  "Wanjiru",
  "Achieng",
  "Kamau",
  "Otieno",
  "Njeri",
  "Mwangi",
  "Akinyi",
  "Kiprop",
  "Chebet",
  "Omondi",
  "Wambui",
  "Mutua",
  "Nyambura",
  "Kipchoge",
  "Atieno",
  "Karanja",
  "Muthoni",
  "Ochieng",
  "Jepkosgei",
  "Kariuki",
  "Grace",
  "Brian",
  "Faith",
  "Kevin",
  "Mercy",
  "Dennis",
  "Esther",
  "Collins",
  "Joy",
  "Victor",
  "Amina",
  "Hassan",
  "Fatuma",
  "Abdi",
  "Zawadi",
  "Baraka",
  "Neema",
  "Juma",
  "Imani",
  "Salim",
]; // prettier-ignore
const LAST = [
  "Kamau",
  "Otieno",
  "Wanjiku",
  "Mwangi",
  "Odhiambo",
  "Kiptoo",
  "Njoroge",
  "Achieng",
  "Mutai",
  "Onyango",
  "Githinji",
  "Wafula",
  "Barasa",
  "Cheruiyot",
  "Maina",
  "Ndungu",
  "Okoth",
  "Kiplagat",
  "Mohamed",
  "Ali",
  "Omollo",
  "Nyaga",
  "Koech",
  "Waweru",
  "Mbugua",
  "Ruto",
  "Owino",
  "Gitau",
  "Kibet",
  "Musyoka",
]; // prettier-ignore
/** 16 free-mail domains (gmail.com drawn apart, for a third of everyone), then 34 organisations'. */
const FREEMAIL = [
  "yahoo.com",
  "outlook.com",
  "hotmail.com",
  "icloud.com",
  "proton.me",
  "protonmail.com",
  "fastmail.com",
  "googlemail.com",
  "live.com",
  "aol.com",
  "gmx.com",
  "zoho.com",
  "mail.com",
  "yandex.com",
  "ymail.com",
]; // prettier-ignore
const ORGS = [
  "safaricom.co.ke",
  "kcbgroup.com",
  "equitybank.co.ke",
  "nation.co.ke",
  "uonbi.ac.ke",
  "strathmore.edu",
  "ku.ac.ke",
  "kenyaairways.com",
  "eabl.com",
  "bamburi.co.ke",
  "kengen.co.ke",
  "kplc.co.ke",
  "jumia.co.ke",
  "twiga.com",
  "copia.co.ke",
  "sendy.co.ke",
  "cellulant.io",
  "andela.com",
  "ihub.co.ke",
  "ncbagroup.com",
  "coopbank.co.ke",
  "britam.com",
  "jubileekenya.com",
  "nairobihospital.org",
  "agakhanhospitals.org",
  "kws.go.ke",
  "kra.go.ke",
  "nema.go.ke",
  "unep.org",
  "amref.org",
  "ilri.org",
  "brck.com",
  "mkopa.com",
  "acacia-it.co.ke",
]; // prettier-ignore
const COMPANY_WORDS = ["Savannah", "Kilima", "Tana", "Rift", "Jamhuri", "Baobab", "Mara", "Pwani", "Simba", "Upendo"];
const COMPANY_KINDS = ["Traders", "Logistics", "Clinic", "Academy", "Holdings", "Agencies", "Studio", "Foods"];
const TOWNS = [
  ["Nairobi", "Nairobi County", "00100"],
  ["Westlands", "Nairobi County", "00800"],
  ["Mombasa", "Mombasa County", "80100"],
  ["Kisumu", "Kisumu County", "40100"],
  ["Nakuru", "Nakuru County", "20100"],
  ["Eldoret", "Uasin Gishu County", "30100"],
  ["Thika", "Kiambu County", "01000"],
] as const;
const STREETS = ["Moi Avenue", "Kenyatta Avenue", "Ngong Road", "Waiyaki Way", "Mombasa Road", "Kimathi Street"];

export type Person = {
  name: string;
  /** The address as the person usually types it. */
  email: string;
  phone: string;
  company: string | null;
  address: string;
  city: string;
  state: string;
  zip: string;
};

export function makePerson(random: Random): Person {
  const first = random.pick(FIRST);
  const last = random.pick(LAST);
  const domain = random.chance(1 / 3) ? "gmail.com" : random.chance(0.45) ? random.pick(FREEMAIL) : random.pick(ORGS);
  const atOrg = ORGS.includes(domain);
  const local = random.weighted({
    dotted: 4,
    joined: 3,
    initial: 2,
  });
  const digits = random.chance(0.4) ? String(random.int(1, 99)) : "";
  const base = local === "dotted" ? `${first}.${last}` : local === "joined" ? `${first}${last}` : `${first[0]}${last}`;
  const [city, state, zip] = random.pick(TOWNS);
  return {
    name: `${first} ${last}`,
    email: `${base.toLowerCase()}${digits}@${domain}`,
    phone: `+2547${random.int(0, 9)}${random.chars(7, "0123456789")}`,
    company: atOrg || random.chance(0.3) ? companyOf(random, domain, atOrg) : null,
    address: `${random.int(1, 400)} ${random.pick(STREETS)}`,
    city,
    state,
    zip,
  };
}

function companyOf(random: Random, domain: string, atOrg: boolean): string {
  if (atOrg) return domain.split(".")[0]?.replace(/^./, (c) => c.toUpperCase()) ?? domain;
  return `${random.pick(COMPANY_WORDS)} ${random.pick(COMPANY_KINDS)} Ltd`;
}

/**
 * How the person wrote their address this time: mostly as usual; at Gmail sometimes without (or
 * with other) dots, sometimes with a +tag; elsewhere sometimes with a +tag or in capitals.
 */
export function spellEmail(random: Random, email: string): string {
  const at = email.indexOf("@");
  const local = email.slice(0, at);
  const domain = email.slice(at);
  const roll = random.next();
  if (roll < 0.7) return email;
  if (roll < 0.8) return `${local}+${random.pick(["shop", "orders", "work", "acacia"])}${domain}`;
  if (roll < 0.9 && domain === "@gmail.com") {
    return local.includes(".")
      ? `${local.replaceAll(".", "")}${domain}`
      : `${local.slice(0, 3)}.${local.slice(3)}${domain}`;
  }
  return `${local.replace(/^./, (c) => c.toUpperCase())}${domain.toUpperCase()}`;
}

/**
 * A pool of returning buyers. A twentieth of it are regulars, drawn for 30% of picks (about 14
 * orders each: the People page's "a Gmail buyer with 8 orders"); the rest come back once or twice.
 */
export function peoplePool(random: Random, size: number): { pickRepeat(): Person } {
  const people = Array.from({ length: size }, () => makePerson(random));
  const regulars = Math.max(1, Math.floor(size / 20));
  return {
    pickRepeat: () => people[Math.floor((random.chance(0.3) ? regulars : size) * random.next())] as Person,
  };
}

/** A KRA PIN's shape: A or P, nine digits, a letter. */
export function kraPin(random: Random): string {
  return `${random.pick(["A", "P"])}0${random.chars(8, "0123456789")}${random.chars(1, "ABCDEFGHJKLMNPQRSTUVWXYZ")}`;
}
