import type { Context } from "hono";
import { notUtf8FormFields } from "./form-bytes.ts";
import { type Channel, mediaTypeOf } from "./media-type.ts";

/**
 * A form's post as sent: an island's JSON body, or a plain HTML form's fields (the page works
 * without JavaScript). The route answers each channel in its own way: JSON, or a page.
 */
export type Submission =
  | { channel: "json"; body: unknown }
  | {
      channel: "form";
      /** Each text field's value (the last, when a field is repeated); files are left out. */
      fields: Record<string, string>;
      /** Every text value of each field, in order: for the fields a form repeats (checkboxes). */
      lists: Record<string, string[]>;
      /** The url-encoded fields whose bytes are not UTF-8 (the parser turned them into U+FFFD). */
      notUtf8: string[];
    };

/** Reads the body for its channel; null when it cannot be read (bad JSON, a broken form). */
export async function readSubmission(c: Context, channel: Channel): Promise<Submission | null> {
  try {
    if (channel === "json") return { channel, body: await c.req.json() };
    const form = await c.req.parseBody({ all: true });
    const fields: Record<string, string> = {};
    const lists: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(form)) {
      const texts = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
      lists[name] = texts;
      const last = texts.at(-1);
      if (last !== undefined) fields[name] = last;
    }
    // parseBody read the body already; arrayBuffer() hands back the same bytes from Hono's cache.
    const notUtf8 =
      mediaTypeOf(c) === "application/x-www-form-urlencoded" ? notUtf8FormFields(await c.req.arrayBuffer()) : [];
    return { channel, fields, lists, notUtf8 };
  } catch {
    return null;
  }
}

/** A JSON body that is an object of fields (not an array, a string or null). */
export function isFieldObject(body: unknown): body is Record<string, unknown> {
  return typeof body === "object" && body !== null && !Array.isArray(body);
}
