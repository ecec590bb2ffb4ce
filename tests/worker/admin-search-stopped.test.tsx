// What the owner reads when a search no index answers stops at its time budget (keyset-page.ts):
// where it stopped and how to go on, never a bare "No orders match." that could be untrue.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parseAdminQuery } from "../../src/admin/admin-query.ts";
import type { AdminChrome } from "../../src/admin/admin-sections.ts";
import { MessagesSection } from "../../src/admin/messages-view.tsx";

const chrome = (stoppedAt: string | null, shown: number): AdminChrome => ({
  section: "messages",
  who: "owner@example.com",
  query: parseAdminQuery("messages", { q: "zq" }),
  listQuery: "q=zq",
  statuses: ["unanswered", "answered"],
  statusLabel: (status) => status,
  total: null,
  shown,
  stoppedAt,
  links: {
    newer: null,
    older: stoppedAt ? "/admin/messages?q=zq&after=2026-01-13T06%3A53%3A00.000Z%7E42" : null,
    newest: null,
    oldest: stoppedAt ? "/admin/messages?q=zq&oldest=1" : null,
    csv: "/admin/messages.csv?q=zq",
  },
});

const page = (c: AdminChrome) =>
  renderToString(<MessagesSection chrome={c} view={{ section: "messages", rows: [], audit: new Map() }} />);

describe("a search stopped at its budget", () => {
  it("says nothing was found yet, where it stopped, and links on with 'Search on'", () => {
    const html = page(chrome("13 Jan 2026, 09:53", 0));
    expect(html).toContain(
      "No messages found yet. To answer quickly, this search stopped reading at messages from 13 Jan 2026, 09:53: the next link goes on from there.",
    );
    expect(html).not.toContain("No messages match.");
    expect(html).toMatch(/rel="next"[^>]*>Search on/);
  });

  it("a search that read everything and found nothing says so plainly", () => {
    const html = page(chrome(null, 0));
    expect(html).toContain("No messages match.");
    expect(html).not.toContain("To answer quickly");
  });
});
