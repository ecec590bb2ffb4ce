// The back office as the signed-in owner's browser uses it: a page fetched with the owner's
// credentials, and a form posted from the back office's own page (same origin).
import { exports } from "cloudflare:workers";
import { WORKER_ADMIN_PASSWORD } from "../../support/secrets.ts";
import { parseDocument, textOf } from "./html.ts";
import { SITE } from "./orders.ts";
import { testClientIp } from "./payment.ts";

const ownerAuthorization = (): string => `Basic ${btoa(`admin:${WORKER_ADMIN_PASSWORD}`)}`;

/** GET a back-office path as the signed-in owner, from a client address of its own. */
export async function openAsOwner(path: string) {
  const res = await exports.default.fetch(
    new Request(`${SITE}${path}`, {
      headers: { Authorization: ownerAuthorization(), "CF-Connecting-IP": testClientIp() },
      redirect: "manual",
    }),
  );
  const body = await res.text();
  const document = parseDocument(body);
  return { res, status: res.status, body, document, text: textOf(document) };
}

/**
 * A form post as the back office's own page makes it (same origin, the owner's credentials);
 * `headers` replace or (given empty) remove the defaults. `site`: the back office's origin (https
 * where Daraja is given addresses on it).
 */
export async function postAsOwner(
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
  site = SITE,
) {
  const all = new Headers({
    Authorization: ownerAuthorization(),
    Origin: site,
    "Sec-Fetch-Site": "same-origin",
    "Content-Type": "application/x-www-form-urlencoded",
    "CF-Connecting-IP": testClientIp(),
  });
  for (const [name, value] of Object.entries(headers)) {
    if (value === "") all.delete(name);
    else all.set(name, value);
  }
  const res = await exports.default.fetch(
    new Request(`${site}${path}`, {
      method: "POST",
      headers: all,
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    }),
  );
  const body = await res.text();
  return { res, status: res.status, body, document: parseDocument(body) };
}
