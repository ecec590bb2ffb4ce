/**
 * What every back-office form route shares: a bounded body, the form's text fields, the
 * post/redirect/get answer and the short notice of a refusal, all private to the owner.
 */
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env.ts";
import { renderPage } from "../render/page-response.tsx";
import { ownerRefusalCopy } from "../security/refusal-copy.ts";
import { ADMIN_PRIVATE_HEADERS } from "./admin-identity.ts";
import { type AdminNotice, adminNoticePage } from "./admin-page.tsx";
import { parseAdminQuery, type Section, toQueryString } from "./admin-query.ts";

/** The back office's one-button forms post no field worth the name: 8 KB is plenty. */
export const FORM_BODY_LIMIT = 8 * 1024;

/** Refuses a body over `maxSize` bytes with 413 before it is read. */
export function limitBody(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: (c) => c.text(ownerRefusalCopy.bodyTooLarge, 413, ADMIN_PRIVATE_HEADERS),
  });
}

/** A form's text fields (a file or a repeated field counts as missing). */
export async function formFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === "string") fields[name] = value;
  return fields;
}

export function seeOther(c: Context<AppEnv>, location: string): Response {
  return c.body(null, 303, { ...ADMIN_PRIVATE_HEADERS, Location: location });
}

export function notice(c: Context<AppEnv>, status: 400 | 404 | 409, content: AdminNotice): Promise<Response> {
  return renderPage(c, adminNoticePage(content), { status, headers: ADMIN_PRIVATE_HEADERS });
}

/** The list's filter a form carried in its action's query, validated and written back ("" for none). */
export function listQueryOf(c: Context<AppEnv>, section: Section): string {
  return toQueryString(parseAdminQuery(section, new URL(c.req.url).searchParams));
}
