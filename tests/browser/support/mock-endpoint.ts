import type { Page, Request } from "@playwright/test";

/** What a mocked endpoint answers: a JSON reply, or a refused connection. */
export type MockReply = { status: number; body: unknown } | "network-failure";

/**
 * Answers a page's requests to `pattern` in place of the worker, and records them. With `held`,
 * each answer waits until the test calls `release`, so a busy state ("Processing...") can be seen
 * however slow the machine: a fixed delay raced the first look when CI was loaded.
 */
export async function mockJsonEndpoint(
  page: Page,
  pattern: string,
  reply: MockReply,
  { held = false }: { held?: boolean } = {},
): Promise<{ requests: Request[]; release: () => void }> {
  const requests: Request[] = [];
  let release = () => {};
  const gate = held ? new Promise<void>((open) => (release = open)) : Promise.resolve();
  await page.route(pattern, async (route) => {
    requests.push(route.request());
    await gate;
    if (reply === "network-failure") return route.abort("connectionrefused");
    return route.fulfill({ status: reply.status, contentType: "application/json", body: JSON.stringify(reply.body) });
  });
  return { requests, release };
}
