/**
 * The register's form: a new entry's facts, or an entry's update (the facts, the ODPC notification,
 * the people told, closing). Every field is labelled, with its hint; after a refusal every problem
 * is listed above the fields and each field at fault is marked.
 */

import type { ReactNode } from "react";
import { button, field } from "../admin/admin-ui.tsx";
import { type BreachField, breachCopy as copy } from "./breach-copy.ts";
import { BREACH_TEXT_MAX, type BreachProblem } from "./breach-input.ts";
import type { BreachFormValues } from "./breach-register.ts";

const PROBLEMS_ID = "breach-problems";
const idOf = (name: BreachField) => `breach-${name}`;

type FieldProps = { name: BreachField; values: BreachFormValues; wrong: ReadonlySet<BreachField> };

/** The hint's id and the problems' when the field is at fault, for aria-describedby. */
function describedBy(name: BreachField, wrong: ReadonlySet<BreachField>): string | undefined {
  const ids = [copy.hints[name] ? `${idOf(name)}-hint` : "", wrong.has(name) ? PROBLEMS_ID : ""].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

function Hint({ name }: { name: BreachField }) {
  const hint = copy.hints[name];
  return hint ? (
    <p id={`${idOf(name)}-hint`} className="mt-1 text-xs text-slate-600">
      {hint}
    </p>
  ) : null;
}

function Labelled({ name, children }: { name: BreachField; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={idOf(name)} className="block text-sm font-semibold text-slate-800">
        {copy.labels[name]}
      </label>
      {children}
      <Hint name={name} />
    </div>
  );
}

function Input({ name, values, wrong, type = "text" }: FieldProps & { type?: "text" | "datetime-local" }) {
  const max = name in BREACH_TEXT_MAX ? BREACH_TEXT_MAX[name as keyof typeof BREACH_TEXT_MAX] : 40;
  return (
    <Labelled name={name}>
      <input
        id={idOf(name)}
        name={name}
        type={type}
        defaultValue={values[name]}
        maxLength={type === "text" ? max : undefined}
        inputMode={name === "people_count" ? "numeric" : undefined}
        autoComplete="off"
        aria-invalid={wrong.has(name) ? true : undefined}
        aria-describedby={describedBy(name, wrong)}
        className={field}
      />
    </Labelled>
  );
}

function TextArea({ name, values, wrong, rows = 4 }: FieldProps & { rows?: number }) {
  return (
    <Labelled name={name}>
      <textarea
        id={idOf(name)}
        name={name}
        rows={rows}
        defaultValue={values[name]}
        maxLength={BREACH_TEXT_MAX[name as keyof typeof BREACH_TEXT_MAX]}
        aria-invalid={wrong.has(name) ? true : undefined}
        aria-describedby={describedBy(name, wrong)}
        className={field}
      />
    </Labelled>
  );
}

/** Radio buttons in a fieldset, its legend the field's label. */
function Choice({ name, values, wrong, options }: FieldProps & { options: readonly [string, string][] }) {
  return (
    <fieldset
      id={idOf(name)}
      aria-describedby={describedBy(name, wrong)}
      data-invalid={wrong.has(name) ? "" : undefined}
    >
      <legend className="text-sm font-semibold text-slate-800">{copy.labels[name]}</legend>
      <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
        {options.map(([value, text]) => (
          <label key={value} className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              value={value}
              defaultChecked={values[name] === value}
              className="size-4 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            />
            {text}
          </label>
        ))}
      </div>
      <Hint name={name} />
    </fieldset>
  );
}

/** Every reason the entry was not saved, each linking to its field. */
function Problems({ problems }: { problems: readonly BreachProblem[] }) {
  return (
    <div id={PROBLEMS_ID} className="rounded-md bg-red-50 p-3 ring-1 ring-red-700" role="alert">
      <p className="text-sm font-semibold text-red-900">{copy.problems.heading}</p>
      <ul className="mt-1 list-disc pl-5 text-sm text-red-900">
        {problems.map(({ field: name, message }) => (
          <li key={`${name} ${message}`}>
            {name === "version" ? (
              message
            ) : (
              <a href={`#${idOf(name)}`} className="underline underline-offset-2">
                {message}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Facts(props: Omit<FieldProps, "name">) {
  return (
    <>
      <Input name="aware_at" type="datetime-local" {...props} />
      <TextArea name="what_happened" rows={5} {...props} />
      <TextArea name="data_concerned" rows={3} {...props} />
      <TextArea name="people_concerned" rows={3} {...props} />
      <Input name="people_count" {...props} />
      <Choice name="risk" options={Object.entries(copy.risks)} {...props} />
      <TextArea name="risk_description" rows={3} {...props} />
      <TextArea name="actions_taken" rows={4} {...props} />
    </>
  );
}

function FollowUp(props: Omit<FieldProps, "name">) {
  const { values, wrong } = props;
  return (
    <>
      <fieldset className="space-y-4 rounded-md p-3 ring-1 ring-slate-200">
        <legend className="px-1 text-base font-bold text-slate-900">{copy.entry.notifyLegend}</legend>
        <Input name="odpc_notified_at" type="datetime-local" {...props} />
        <Input name="odpc_reference" {...props} />
      </fieldset>
      <fieldset className="space-y-4 rounded-md p-3 ring-1 ring-slate-200">
        <legend className="px-1 text-base font-bold text-slate-900">{copy.entry.toldLegend}</legend>
        <Choice name="subjects_told" options={Object.entries(copy.told)} {...props} />
        <Input name="subjects_told_at" type="datetime-local" {...props} />
        <Input name="subjects_told_how" {...props} />
      </fieldset>
      <div>
        <label className="inline-flex min-h-10 items-center gap-2 text-sm font-semibold text-slate-800">
          <input
            id={idOf("closed")}
            type="checkbox"
            name="closed"
            value="yes"
            defaultChecked={values.closed === "yes"}
            aria-invalid={wrong.has("closed") ? true : undefined}
            aria-describedby={describedBy("closed", wrong)}
            className="size-4 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          />
          {copy.labels.closed}
        </label>
        <Hint name="closed" />
      </div>
      <input type="hidden" name="version" value={values.version} />
    </>
  );
}

/** The form, posting to `action`: a new entry's facts ("record") or the whole entry ("update"). */
export function BreachForm({
  action,
  mode,
  values,
  problems,
}: {
  action: string;
  mode: "record" | "update";
  values: BreachFormValues;
  problems: readonly BreachProblem[] | null;
}) {
  const wrong = new Set((problems ?? []).map((p) => p.field));
  const props = { values, wrong };
  return (
    <form method="post" action={action} className="mt-4 max-w-3xl space-y-5" noValidate data-breach-form={mode}>
      {problems && problems.length > 0 && <Problems problems={problems} />}
      <Facts {...props} />
      {mode === "update" && <FollowUp {...props} />}
      <button type="submit" className={button}>
        {mode === "record" ? copy.record.submit : copy.entry.submit}
      </button>
    </form>
  );
}
