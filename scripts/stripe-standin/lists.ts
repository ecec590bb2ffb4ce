import type { Page } from "./catalogue-params.ts";
import { invalidRequest } from "./errors.ts";

/**
 * One page of a Stripe list (`{ object: "list", data, has_more, url }`) from items already in
 * Stripe's order (newest first), following `starting_after` / `ending_before` as the SDK's
 * auto-pagination sends them.
 */
export function listJson<T extends { id: string }>(
  items: T[],
  page: Page,
  url: string,
  json: (item: T) => unknown,
  kind: string,
) {
  const position = (id: string, param: string) => {
    const index = items.findIndex((item) => item.id === id);
    if (index < 0) throw invalidRequest(`No such ${kind}: '${id}'`, param, "resource_missing");
    return index;
  };
  let start = 0;
  let end = Math.min(items.length, page.limit);
  if (page.startingAfter !== null) {
    start = position(page.startingAfter, "starting_after") + 1;
    end = Math.min(items.length, start + page.limit);
  } else if (page.endingBefore !== null) {
    end = position(page.endingBefore, "ending_before");
    start = Math.max(0, end - page.limit);
  }
  const hasMore = page.endingBefore !== null && page.startingAfter === null ? start > 0 : end < items.length;
  return { object: "list", data: items.slice(start, end).map(json), has_more: hasMore, url };
}
