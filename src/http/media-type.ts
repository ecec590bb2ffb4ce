import type { Context } from "hono";

/** The request body's media type, lower-cased, without parameters (`; charset=…`). */
export function mediaTypeOf(c: Context): string | undefined {
  return c.req.header("Content-Type")?.split(";")[0]?.trim().toLowerCase();
}

/** How a form reached us: the islands send JSON; a plain HTML form (no JavaScript) a form post. */
export type Channel = "json" | "form";

/** The channel of a request's body, or null for any other media type (answered 415). */
export function channelOf(c: Context): Channel | null {
  const type = mediaTypeOf(c);
  if (type === "application/json") return "json";
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") return "form";
  return null;
}
