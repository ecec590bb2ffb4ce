import type { Page } from "./types.ts";

// Placeholder until the legal documents are written.
export const legalPages: Page[] = ["/terms", "/privacy", "/refund", "/cookie", "/dpa", "/aup"].map((path) => ({
  path,
  title: path,
  description: path,
  render: () => <h1>{path}</h1>,
}));
