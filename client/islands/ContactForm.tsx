import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { type ContactFieldCopy, contactForm } from "../../src/content/contact.ts";

const controlClass =
  "mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
          <span className="ml-1 font-normal text-slate-500">{contactForm.optional}</span>
        )}
      </label>
      {field.type === "textarea" ? <textarea rows={6} {...common} /> : <input type={field.type} {...common} />}
    </div>
  );
}

/**
 * The contact form. Rendered on the server (readable and fillable without JavaScript); once
 * hydrated it validates with the browser's own checks, simulates the send and confirms with a toast.
 */
export function ContactForm() {
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSending(true);
    await wait(contactForm.simulatedDelayMs);
    form.reset();
    setSending(false);
    toast.success(contactForm.success.title, { description: contactForm.success.description });
  }

  return (
    <form method="post" action="/contact" onSubmit={handleSubmit} aria-busy={sending} className="space-y-6">
      <p className="text-sm text-slate-600">{contactForm.requiredNote}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        {contactForm.fields.map((field) => (
          <Field key={field.name} field={field} />
        ))}
      </div>
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
