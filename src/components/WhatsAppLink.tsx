import { whatsappCopy, whatsappHref } from "../site/whatsapp-copy.ts";
import { buttonClass } from "./ButtonLink.tsx";

/**
 * "Message us on WhatsApp", prefilled with `text`; nothing at all when no number is set. The link
 * names no page of ours to WhatsApp (no Referer: a quote's or order's link carries its key).
 */
export function WhatsAppLink({ number, text }: { number: string | null; text: string }) {
  if (!number) return null;
  return (
    <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2" data-whatsapp>
      <a href={whatsappHref(number, text)} rel="noopener noreferrer" className={buttonClass("outline")}>
        {whatsappCopy.link}
      </a>
      <span className="text-sm text-slate-600">{whatsappCopy.hint}</span>
    </p>
  );
}
