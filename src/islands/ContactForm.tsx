import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { type ContactFieldCopy, contactForm } from "../contact/contact-copy.ts";
import { CONTACT_API_PATH } from "../paths.ts";

const controlClass =
  "mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";

/** Sends the form's fields as JSON; resolves to null when sent, else to the sentence to show. */
async function sendMessage(form: HTMLFormElement): Promise<string | null> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string") fields[name] = value;
  try {
    const response = await fetch(CONTACT_API_PATH, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(fields),
    });
    if (response.ok) return null;
    const body: unknown = await response.json().catch(() => null);
    const error = typeof body === "object" && body !== null ? Reflect.get(body, "error") : null;
    return typeof error === "string" && error ? error : contactForm.failure.fallback;
  } catch {
    return contactForm.failure.fallback;
  }
}

/** Filled in only by bots: kept off-screen, out of the tab order and hidden from assistive technology. */
function Honeypot() {
  const id = `contact-${contactForm.honeypot.name}`;
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{contactForm.honeypot.label}</label>
      <input id={id} type="text" name={contactForm.honeypot.name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

function Field({ field }: { field: ContactFieldCopy }) {
  const id = `contact-${field.name}`;
  const common = {
    id,
    name: field.name,
    required: field.required,
    autoComplete: field.autoComplete,
    placeholder: field.placeholder,
    className: controlClass,
  };
  return (
    <div className={field.type === "textarea" ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {field.label}
        {field.required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : (
          // A real space, not only a margin: without it the field's accessible name is "Company(optional)".
          <>
            {" "}
            <span className="font-normal text-slate-500">{contactForm.optional}</span>
          </>
        )}
      </label>
      {field.type === "textarea" ? <textarea rows={6} {...common} /> : <input type={field.type} {...common} />}
    </div>
  );
}

/**
 * The contact form. Rendered on the server, it also works without JavaScript (a plain form post to
 * the same endpoint). Once hydrated it sends JSON, then clears itself and toasts; on failure the
 * visitor keeps what they typed and an error toast says why.
 */
export function ContactForm() {
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSending(true);
    const problem = await sendMessage(form);
    setSending(false);
    if (problem) {
      toast.error(contactForm.failure.title, { description: problem });
      return;
    }
    form.reset();
    toast.success(contactForm.success.title, { description: contactForm.success.description });
  }

  return (
    <form
      method="post"
      action={CONTACT_API_PATH}
      onSubmit={handleSubmit}
      aria-busy={sending}
      className="relative space-y-6"
    >
      <p className="text-sm text-slate-600">{contactForm.requiredNote}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        {contactForm.fields.map((field) => (
          <Field key={field.name} field={field} />
        ))}
      </div>
      <Honeypot />
      <button
        type="submit"
        disabled={sending}
        className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
      >
        {sending ? contactForm.submitting : contactForm.submit}
      </button>
    </form>
  );
}
