/**
 * A keyset page's links (keyset-page.ts) as the hrefs of its pager (admin-ui.tsx KeysetPager), for
 * the back-office pages that list outside the sections (Paybill, Breaches): no UI here, so the
 * modules that read those lists for a cron need not load the components.
 */
import { type Cursor, cursorParams } from "./keyset.ts";
import type { KeysetPage } from "./keyset-page.ts";

/** Where a keyset pager's links go: null where there is no page that way. */
export type PagerHrefs = { newest: string | null; newer: string | null; older: string | null; oldest: string | null };

/** `path` opened at a position of its list: the path alone for the newest page. */
export function cursorHref(path: string, cursor: Cursor | null): string {
  const query = new URLSearchParams(cursorParams(cursor)).toString();
  return query ? `${path}?${query}` : path;
}

/** A keyset page's links as hrefs, each made by `at` from its position. */
export function pagerHrefs(links: KeysetPage<unknown>["links"], at: (cursor: Cursor | null) => string): PagerHrefs {
  return {
    newest: links.newest ? at(null) : null,
    newer: links.newer ? at(links.newer) : null,
    older: links.older ? at(links.older) : null,
    oldest: links.oldest ? at({ toward: "oldest" }) : null,
  };
}
