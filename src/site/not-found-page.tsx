import { paths } from "../paths.ts";
import type { Page } from "../render/page.ts";

export const notFoundPage: Page = {
  path: "*",
  title: "Page not found",
  description: "The page you were looking for does not exist.",
  scripts: ["not-found"],
  render: () => (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-6xl font-extrabold text-brand-700">404</h1>
      <p className="mt-4 text-xl text-slate-700">Oops! Page not found</p>
      <a
        href={paths.home}
        className="mt-8 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
      >
        Return to Home
      </a>
    </section>
  ),
};
