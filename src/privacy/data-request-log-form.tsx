/** The People section's form for a request received elsewhere: what, how, when, who, and a note. */
import { button, field } from "../admin/admin-ui.tsx";
import type { DataRequestChannel, DataRequestKind } from "../db/data-request-tables.ts";
import { ADMIN_DATA_REQUESTS_PATH } from "../paths.ts";
import { longDay } from "./data-request-clock.ts";
import { dataRequestCopy } from "./data-request-copy.ts";
import type { LogFormValues } from "./data-request-form.ts";
import { PERSON_ADDRESS_MAX } from "./person-address.ts";

/** Every kind and channel has its words (a value added to the table without them fails to compile). */
const kindLabels: Record<DataRequestKind, string> = dataRequestCopy.kinds;
const channelLabels: Record<DataRequestChannel, string> = dataRequestCopy.channels;

/** The form as shown: empty, or again with what the owner typed and every problem with it. */
export type LogFormState = { values: LogFormValues; problems: readonly string[] };

/** The form's bounds on Nairobi's today: the dates it accepts, the note's length. */
export type LogFormBounds = { today: string; oldest: string; noteMax: number };

const label = "block text-sm font-semibold text-slate-800";
const hint = "mt-1 text-xs text-slate-600";

function Problems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-700/30" role="alert">
      <p className="font-semibold">{dataRequestCopy.form.problemsHeading}</p>
      <ul className="mt-1 list-disc pl-5" data-log-problems={problems.length}>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

function Choice({
  name,
  text,
  labels,
  chosen,
}: {
  name: "kind" | "channel";
  text: string;
  labels: Record<string, string>;
  chosen: string | undefined;
}) {
  return (
    <div className="min-w-0 flex-1 basis-56">
      <label htmlFor={`log-${name}`} className={label}>
        {text}
      </label>
      <select id={`log-${name}`} name={name} required defaultValue={chosen ?? ""} className={field}>
        <option value="" disabled>
          {dataRequestCopy.form.choose}
        </option>
        {Object.entries(labels).map(([value, words]) => (
          <option key={value} value={value}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );
}

export function LogRequestForm({ state, bounds }: { state: LogFormState | null; bounds: LogFormBounds }) {
  const copy = dataRequestCopy.form;
  const values = state?.values ?? {};
  return (
    <section aria-labelledby="log-request-heading" className="mt-6 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 id="log-request-heading" className="text-xl font-bold text-slate-900">
        {copy.heading}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">{copy.explain}</p>
      <Problems problems={state?.problems ?? []} />
      <form method="post" action={ADMIN_DATA_REQUESTS_PATH} className="mt-3 space-y-3" noValidate data-log-form="">
        <div className="flex flex-wrap gap-3">
          <Choice name="kind" text={copy.kind} labels={kindLabels} chosen={values.kind} />
          <Choice name="channel" text={copy.channel} labels={channelLabels} chosen={values.channel} />
          <div className="min-w-0 basis-48">
            <label htmlFor="log-received" className={label}>
              {copy.received}
            </label>
            <input
              id="log-received"
              name="received_on"
              type="date"
              required
              min={bounds.oldest}
              max={bounds.today}
              defaultValue={values.received_on ?? bounds.today}
              aria-describedby="log-received-hint"
              className={field}
            />
            <p id="log-received-hint" className={hint}>
              {copy.receivedHint(longDay(bounds.oldest))}
            </p>
          </div>
        </div>
        <div className="max-w-xl">
          <label htmlFor="log-email" className={label}>
            {copy.email}
          </label>
          <input
            id="log-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={PERSON_ADDRESS_MAX}
            defaultValue={values.email ?? ""}
            aria-describedby="log-email-hint"
            className={field}
          />
          <p id="log-email-hint" className={hint}>
            {copy.emailHint}
          </p>
        </div>
        <div className="max-w-xl">
          <label htmlFor="log-note" className={label}>
            {copy.note}
          </label>
          <textarea
            id="log-note"
            name="note"
            rows={3}
            maxLength={bounds.noteMax}
            defaultValue={values.note ?? ""}
            aria-describedby="log-note-hint"
            className={field}
          />
          <p id="log-note-hint" className={hint}>
            {copy.noteHint(bounds.noteMax)}
          </p>
        </div>
        <button type="submit" className={button}>
          {copy.submit}
        </button>
      </form>
    </section>
  );
}
