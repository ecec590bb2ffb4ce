import type { Page } from "./types.ts";

export const homePage: Page = {
  path: "/",
  title: "Home",
  description: "IT consulting in Nairobi.",
  render: () => (
    <section className="px-4 py-24">
      <h1 className="text-4xl font-bold">Home</h1>
    </section>
  ),
};
