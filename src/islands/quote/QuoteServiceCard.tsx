import type { QuoteService } from "../../catalogue/quote-service-types.ts";
import { UiIcon } from "../../components/UiIcon.tsx";
import { formatMoney, toCents } from "../../lib/money.ts";

/**
 * One service of the quote catalogue. The whole card is the checkbox's <label>, so a click anywhere
 * or Space on the focused box toggles it; the box's name is the service name alone.
 */
export function QuoteServiceCard({
  service,
  selected,
  onToggle,
}: {
  service: QuoteService;
  selected: boolean;
  onToggle: (service: QuoteService) => void;
}) {
  const nameId = `service-${service.id}-name`;
  const detailsId = `service-${service.id}-details`;
  return (
    <label className="group relative flex h-full cursor-pointer flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 transition hover:border-brand-400 hover:shadow-md has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:ring-2 has-focus-visible:ring-brand-600">
      <span className="flex items-start gap-3">
        <input
          type="checkbox"
          name="services"
          value={service.id}
          checked={selected}
          onChange={() => onToggle(service)}
          aria-labelledby={nameId}
          aria-describedby={detailsId}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-700"
        />
        <span id={nameId} className="font-semibold text-slate-900">
          {service.name}
        </span>
        <UiIcon name="checkCircle" className="ml-auto hidden size-6 shrink-0 text-brand-700 group-has-checked:block" />
      </span>
      <span id={detailsId} className="mt-3 flex flex-1 flex-col gap-4">
        <span className="text-sm text-slate-600">{service.description}</span>
        <span className="mt-auto flex items-center justify-between gap-3">
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 group-has-checked:bg-white">
            {service.category}
          </span>
          <span className="text-lg font-bold text-brand-800">{formatMoney(toCents(service.price))}</span>
        </span>
      </span>
    </label>
  );
}
