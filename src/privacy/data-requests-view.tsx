/** The People section's list of every data request: the record kept for the Data Commissioner. */
import { CellLabel, CollapsingTable, cell, formatTime, row } from "../admin/admin-ui.tsx";
import { VisitorText } from "../admin/visitor-text.tsx";
import type { AuditRow } from "../db/schema.ts";
import { peopleCopy } from "./people-copy.ts";

/** A request's record: who it was about (masked) and what was done, as written at the time. */
function readDetail(detail: string | null): { person: string; outcome: string } {
  try {
    const parsed = JSON.parse(detail ?? "") as { person?: unknown; outcome?: unknown };
    return { person: String(parsed.person ?? ""), outcome: String(parsed.outcome ?? "") };
  } catch {
    return { person: "", outcome: detail ?? "" };
  }
}

export function DataRequestsView({ rows }: { rows: readonly AuditRow[] }) {
  const copy = peopleCopy.requests;
  const { columns } = copy;
  return (
    <section aria-labelledby="requests-heading" className="mt-10">
      <h2 id="requests-heading" className="text-xl font-bold text-slate-900">
        {copy.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{copy.explain}</p>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{copy.none}</p>
      ) : (
        // Cards below md: a phone shows every column without a region to scroll.
        <CollapsingTable caption={copy.heading} headers={Object.values(columns).map((label) => ({ label }))}>
          <tbody className="block md:table-row-group">
            {rows.map((entry) => {
              const detail = readDetail(entry.detail);
              return (
                <tr key={entry.id} className={row} data-request={entry.action}>
                  <td className={`${cell} md:whitespace-nowrap`}>
                    <CellLabel>{columns.when}</CellLabel>
                    <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                  </td>
                  <td className={cell}>
                    <CellLabel>{columns.request}</CellLabel>
                    {copy.actions[entry.action] ?? entry.action}
                  </td>
                  <td className={cell}>
                    <CellLabel>{columns.person}</CellLabel>
                    <VisitorText text={detail.person} />
                  </td>
                  <td className={cell}>
                    <CellLabel>{columns.by}</CellLabel>
                    <VisitorText text={entry.actor} />
                  </td>
                  <td className={`${cell} md:min-w-64`}>
                    <CellLabel>{columns.outcome}</CellLabel>
                    <VisitorText text={detail.outcome} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </CollapsingTable>
      )}
    </section>
  );
}
