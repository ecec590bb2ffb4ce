// The breach register as the signed-in owner's browser uses it: its pages fetched with the owner's
// credentials, its forms posted from its own pages (same origin), each from a client address of its
// own, through the worker itself (back-office-area.ts mounts the register).
import { exports } from "cloudflare:workers";
import { WORKER_ADMIN_PASSWORD } from "../../support/secrets.ts";
import { parseDocument, textOf } from "./html.ts";
import { SITE } from "./orders.ts";
import { testClientIp } from "./payment.ts";

const ownerAuthorization = `Basic ${btoa(`admin:${WORKER_ADMIN_PASSWORD}`)}`;

/** A request to the register; `headers` replace or (given empty) remove the defaults. */
export async function breachRequest(
  path: string,
  {
    method = "GET",
    form,
    headers = {},
  }: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const all = new Headers({ Authorization: ownerAuthorization, "CF-Connecting-IP": testClientIp() });
  if (form) {
    all.set("Origin", SITE);
    all.set("Sec-Fetch-Site", "same-origin");
    all.set("Content-Type", "application/x-www-form-urlencoded");
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value === "") all.delete(name);
    else all.set(name, value);
  }
  const request = new Request(`${SITE}${path}`, {
    method,
    headers: all,
    body: form ? new URLSearchParams(form).toString() : undefined,
    redirect: "manual",
  });
  const res = await exports.default.fetch(request);
  const body = await res.text();
  const document = parseDocument(body);
  return { res, status: res.status, body, document, text: textOf(document) };
}

export const openBreaches = (path: string) => breachRequest(path);

export const postBreaches = (path: string, form: Record<string, string>, headers?: Record<string, string>) =>
  breachRequest(path, { method: "POST", form, headers });

/** Nairobi's wall clock `hoursAgo` before the real now, to the minute, as a datetime-local field takes it. */
export function nairobiHoursAgo(hoursAgo: number): { typed: string; iso: string } {
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  const at = new Date(minute - hoursAgo * 3_600_000);
  const typed = new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 16);
  return { typed, iso: at.toISOString() };
}

/** A complete new entry's form; `fields` replace its values. */
export function newBreachForm(fields: Record<string, string> = {}): Record<string, string> {
  return {
    aware_at: nairobiHoursAgo(10).typed,
    what_happened: "A laptop holding an export of March's orders was stolen from a car.",
    data_concerned: "Names, e-mail addresses and phone numbers of buyers.",
    people_concerned: "Buyers who ordered in March 2026.",
    people_count: "120",
    risk: "yes",
    risk_description: "Phishing aimed at buyers with their order details.",
    actions_taken: "Laptop remotely wiped; passwords changed.",
    ...fields,
  };
}

/** Records an entry through the form; its number (BR-…), read from the redirect. */
export async function recordThroughForm(fields: Record<string, string> = {}): Promise<string> {
  const { status, res } = await postBreaches("/admin/breaches", newBreachForm(fields));
  const location = res.headers.get("Location") ?? "";
  const number = location.match(/\/admin\/breaches\/(BR-\d{4}-\d+)\?done=recorded$/)?.[1];
  if (status !== 303 || !number) throw new Error(`the entry was not recorded (${status} ${location})`);
  return number;
}

const textContentOf = (html: string): string => parseDocument(html).querySelector("div")?.textContent ?? "";

/** What the entry page's update form would post as it stands: its fields, the checked choices, the version. */
export async function updateFormOf(number: string): Promise<Record<string, string>> {
  const { document, status } = await openBreaches(`/admin/breaches/${number}`);
  if (status !== 200) throw new Error(`the entry ${number} answered ${status}`);
  const form = document.querySelector('form[data-breach-form="update"]');
  if (!form) throw new Error("the entry page has no update form");
  const fields: Record<string, string> = {};
  for (const input of Array.from(form.querySelectorAll("input, textarea"))) {
    const name = input.getAttribute("name");
    const type = input.getAttribute("type");
    if (!name) continue;
    if ((type === "radio" || type === "checkbox") && !input.hasAttribute("checked")) continue;
    // A textarea's text is escaped in the HTML; linkedom keeps it as written, where a browser decodes it.
    const text = () => textContentOf(`<div>${input.textContent ?? ""}</div>`);
    fields[name] = input.tagName === "TEXTAREA" ? text() : (input.getAttribute("value") ?? "");
  }
  return fields;
}
