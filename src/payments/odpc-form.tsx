/** The Settings page's "ODPC registration": the number the privacy policy names, and its form. */

import { button, field, formatTime } from "../admin/admin-ui.tsx";
import { VisitorText } from "../admin/visitor-text.tsx";
import { ADMIN_ODPC_SETTING_PATH } from "../paths.ts";
import { odpcCopy as copy } from "./odpc-copy.ts";
import { ODPC_REGISTRATION_MAX, type OdpcSetting } from "./odpc-registration.ts";

/** What the form says after a post: saved, cleared, or every reason it was not saved (with what was typed). */
export type OdpcOutcome = { saved: true } | { cleared: true } | { refused: string[]; typed: string } | null;

const ERRORS_ID = "odpc-registration-errors";

function Notices({ outcome }: { outcome: OdpcOutcome }) {
  if (!outcome) return null;
  if ("refused" in outcome) {
    return (
      <div id={ERRORS_ID} className="mt-4 rounded-md bg-red-50 p-3 ring-1 ring-red-700" role="alert">
        <p className="text-sm font-semibold text-red-900">{copy.refused}</p>
        <ul className="mt-1 list-disc pl-5 text-sm text-red-900">
          {outcome.refused.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <p
      className="mt-4 rounded-md bg-brand-100 px-3 py-2 text-sm font-semibold text-brand-900"
      role="status"
      data-notice={"saved" in outcome ? "odpc-saved" : "odpc-cleared"}
    >
      {"saved" in outcome ? copy.saved : copy.cleared}
    </p>
  );
}

/** The number in force, and when and by whom it was set. */
function Current({ setting }: { setting: OdpcSetting }) {
  if (!setting) {
    return (
      <p className="mt-4 text-sm text-slate-700" data-odpc-current="">
        {copy.notSet}
      </p>
    );
  }
  return (
    <div className="mt-4 text-sm text-slate-700">
      <p className="font-semibold text-slate-800">{copy.current}</p>
      <p className="text-lg font-bold text-slate-900" data-odpc-current={setting.value}>
        <VisitorText text={setting.value} />
      </p>
      <p>
        <time dateTime={setting.setAt}>{copy.setOn(formatTime(setting.setAt))}</time>{" "}
        <VisitorText text={setting.setBy} />
      </p>
    </div>
  );
}

export function OdpcForm({ setting, outcome }: { setting: OdpcSetting; outcome: OdpcOutcome }) {
  const refused = outcome && "refused" in outcome;
  const shown = refused ? outcome.typed : (setting?.value ?? "");
  return (
    <section
      aria-labelledby="odpc-registration-heading"
      className="mt-8 rounded-lg bg-white p-4 ring-1 ring-slate-200"
      id="odpc-registration"
    >
      <h2 id="odpc-registration-heading" className="text-xl font-bold text-slate-900">
        {copy.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{copy.explain}</p>
      <Notices outcome={outcome} />
      <Current setting={setting} />
      <form method="post" action={ADMIN_ODPC_SETTING_PATH} className="mt-4" noValidate>
        <label htmlFor="odpc-registration-number" className="block text-sm font-semibold text-slate-800">
          {copy.label}
        </label>
        <p id="odpc-registration-hint" className="text-xs text-slate-600">
          {copy.hint}
        </p>
        <input
          id="odpc-registration-number"
          name="registration"
          type="text"
          autoComplete="off"
          maxLength={ODPC_REGISTRATION_MAX + 20}
          defaultValue={shown}
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? `odpc-registration-hint ${ERRORS_ID}` : "odpc-registration-hint"}
          className={`${field} max-w-md`}
        />
        <button type="submit" className={`${button} mt-3`}>
          {copy.submit}
        </button>
      </form>
    </section>
  );
}
