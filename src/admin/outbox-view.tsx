import type { MailKind } from "../mail/mail-kinds.ts";
import type { OutboxRow, OutboxStatus } from "../mail/outbox.ts";
import { adminMessageAnchor, adminOrderAnchor, adminOutboxResendPath } from "../paths.ts";
import type { AuditRow } from "./admin-actions.ts";
import { AdminShell } from "./admin-chrome.tsx";
import { adminCopy } from "./admin-copy.ts";
import type { AdminChrome } from "./admin-sections.ts";
import { AuditHistory, button, CellLabel, CollapsingTable, cell, formatTime, link, NoRows, row } from "./admin-ui.tsx";
import type { OutboxView } from "./outbox-section.ts";
import { VisitorText } from "./visitor-text.tsx";

const outboxTone: Record<OutboxStatus, string> = {
  sent: "bg-brand-100 text-brand-900 ring-brand-700/30",
  queued: "bg-accent-100 text-accent-700 ring-accent-700/30",
  failed: "bg-red-50 text-red-800 ring-red-700/40",
  not_configured: "bg-slate-100 text-slate-700 ring-slate-500/30",
};

/** The status word with its own symbol: statuses differ by shape and word, not by colour alone. */
function OutboxBadge({ status }: { status: OutboxStatus }) {
  const copy = adminCopy.outbox;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${outboxTone[status]}`}
      data-status={status}
    >
      <span aria-hidden="true">{copy.statusSymbol[status]}</span>
      {copy.status[status]}
    </span>
  );
}

function kindLabel(kind: string): string {
  const { kinds } = adminCopy.outbox;
  return Object.hasOwn(kinds, kind) ? kinds[kind as MailKind] : kind;
}

function OutboxRowView({
  mail,
  audit,
  listQuery,
}: {
  mail: OutboxRow;
  audit: AuditRow[] | undefined;
  listQuery: string;
}) {
  const copy = adminCopy.outbox;
  const { columns } = copy;
  return (
    <tr id={`outbox-${mail.id}`} className={row} data-outbox-id={mail.id} data-kind={mail.kind}>
      <td className={`${cell} whitespace-nowrap`}>
        <CellLabel>{columns.created}</CellLabel>
        <time dateTime={mail.created_at}>{formatTime(mail.created_at)}</time>
        {mail.sent_at && (
          <p className="text-xs text-slate-600">
            {copy.sentAt}{" "}
            <time dateTime={mail.sent_at} data-sent-at>
              {formatTime(mail.sent_at)}
            </time>
          </p>
        )}
      </td>
      <td className={`${cell} [overflow-wrap:anywhere] md:max-w-xs`}>
        <CellLabel>{columns.kind}</CellLabel>
        <p className="font-medium text-slate-900">{kindLabel(mail.kind)}</p>
        <p className="text-xs text-slate-600">
          <code>{mail.kind}</code>
        </p>
        <p className="mt-1">
          <span className="sr-only">{copy.subject}: </span>
          <VisitorText text={mail.subject} />
        </p>
      </td>
      <td className={`${cell} [overflow-wrap:anywhere] md:max-w-56`}>
        <CellLabel>{columns.recipient}</CellLabel>
        {mail.recipient ? (
          <VisitorText text={mail.recipient} />
        ) : (
          <span className="text-slate-600">{copy.noRecipient}</span>
        )}
      </td>
      <td className={`${cell} [overflow-wrap:anywhere] md:max-w-xs`}>
        <CellLabel>{columns.status}</CellLabel>
        <OutboxBadge status={mail.status} />
        {mail.last_error && (
          <p className="mt-1 text-xs text-red-800" data-last-error>
            <span className="font-semibold">{copy.lastError}:</span> <VisitorText text={mail.last_error} />
          </p>
        )}
      </td>
      <td className={`${cell} tabular-nums md:text-right`}>
        <CellLabel>{columns.attempts}</CellLabel>
        {mail.attempts}
      </td>
      <td className={`${cell} [overflow-wrap:anywhere]`}>
        <CellLabel>{columns.related}</CellLabel>
        {mail.order_id && (
          <p className="text-xs">
            {copy.order}{" "}
            <a
              className={`${link} break-all`}
              href={adminOrderAnchor(mail.order_id, `q=${encodeURIComponent(mail.order_id)}`)}
            >
              <code>{mail.order_id}</code>
            </a>
          </p>
        )}
        {mail.message_id !== null && (
          <p className="text-xs">
            <a
              className={link}
              href={adminMessageAnchor(mail.message_id, `q=${encodeURIComponent(`#${mail.message_id}`)}`)}
            >
              {copy.message} #{mail.message_id}
            </a>
          </p>
        )}
      </td>
      <td className={cell}>
        {mail.body_cleared_at !== null ? (
          <p className="text-xs text-slate-600" data-body-cleared>
            {copy.bodyCleared} <time dateTime={mail.body_cleared_at}>{formatTime(mail.body_cleared_at)}</time>
          </p>
        ) : (
          mail.status === "failed" && (
            <form method="post" action={adminOutboxResendPath(mail.id, listQuery)}>
              <button type="submit" aria-label={copy.resendLabel(mail.id)} className={button}>
                {copy.resend}
              </button>
            </form>
          )
        )}
        <AuditHistory rows={audit} />
      </td>
    </tr>
  );
}

export function OutboxSection({ chrome, view }: { chrome: AdminChrome; view: OutboxView }) {
  const copy = adminCopy.outbox;
  const { columns } = copy;
  return (
    <AdminShell chrome={chrome} lead={<p className="mt-2 max-w-3xl text-sm text-slate-600">{copy.lead}</p>}>
      {view.rows.length === 0 ? (
        <NoRows text={copy.empty} stopped={chrome.stoppedAt !== null} />
      ) : (
        <CollapsingTable
          caption={copy.heading}
          headers={[
            { label: columns.created },
            { label: columns.kind },
            { label: columns.recipient },
            { label: columns.status },
            { label: columns.attempts, right: true },
            { label: columns.related },
            { label: <span className="sr-only">{columns.actions}</span> },
          ]}
        >
          <tbody className="block md:table-row-group">
            {view.rows.map((mail) => (
              <OutboxRowView
                key={mail.id}
                mail={mail}
                audit={view.audit.get(String(mail.id))}
                listQuery={chrome.listQuery}
              />
            ))}
          </tbody>
        </CollapsingTable>
      )}
    </AdminShell>
  );
}
