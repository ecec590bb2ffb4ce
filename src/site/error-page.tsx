import { paths } from "../paths.ts";
import type { Page } from "../render/page.ts";

/**
 * The 500 page for one failed request: its id is in the server log next to the error, so a
 * visitor who quotes it lets the owner find what went wrong.
 */
export function errorPageFor(requestId: string | null): Page {
  return {
    path: "*",
    title: "Unexpected Application Error",
    description: "Something went wrong on our side.",
    render: () => <ErrorBody requestId={requestId} />,
  };
}

function ErrorBody({ requestId }: { requestId: string | null }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Unexpected Application Error</h1>
      <p className="mt-4 text-slate-700">
        Something went wrong on our side. Please try again in a moment, or contact us if it keeps happening.
      </p>
      <div className="mt-8 flex gap-3">
        <a href={paths.home} className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          Return to Home
        </a>
        <a
          href={paths.contact}
          className="rounded-md border border-slate-300 px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Contact Us
        </a>
      </div>
      {requestId && (
        <p className="mt-8 text-sm text-slate-600">
          Reference: <code className="font-mono">{requestId}</code>
        </p>
      )}
    </section>
  );
}
