/** The People section's list of every data request: the record kept for the Data Commissioner. */
import { formatTime, RecordTable } from "../admin/admin-ui.tsx";
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
  return (
    <section aria-labelledby="requests-heading" className="mt-10">
      <h2 id="requests-heading" className="text-xl font-bold text-slate-900">
        {copy.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{copy.explain}</p>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{copy.none}</p>
      ) : (
        <RecordTable caption={copy.heading} headers={Object.values(copy.columns).map((label) => ({ label }))}>
          {rows.map((entry) => {
            const detail = readDetail(entry.detail);
            return (
              <tr key={entry.id} className="border-t border-slate-200 align-top" data-request={entry.action}>
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                </td>
                <td className="px-3 py-2">{copy.actions[entry.action] ?? entry.action}</td>
                <td className="px-3 py-2">
                  <VisitorText text={detail.person} />
                </td>
                <td className="px-3 py-2">
                  <VisitorText text={entry.actor} />
                </td>
                <td className="min-w-64 px-3 py-2">
                  <VisitorText text={detail.outcome} />
                </td>
              </tr>
            );
          })}
        </RecordTable>
      )}
    </section>
  );
}
