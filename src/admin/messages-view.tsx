import { adminMessageAnsweredPath } from "../paths.ts";
import type { AuditRow } from "./admin-actions.ts";
import { AdminShell } from "./admin-chrome.tsx";
import { adminCopy } from "./admin-copy.ts";
import type { AdminChrome } from "./admin-sections.ts";
import { AuditHistory, button, formatTime, NoRows, Pill, secondaryButton, wrappingLink } from "./admin-ui.tsx";
import type { BackOfficeMessage, MessagesView } from "./message-section.ts";
import { VisitorText } from "./visitor-text.tsx";

function AnsweredForm({ message, listQuery }: { message: BackOfficeMessage; listQuery: string }) {
  const copy = adminCopy.messages;
  const answered = message.answered_at !== null;
  return (
    <form method="post" action={adminMessageAnsweredPath(message.id, listQuery)}>
      <input type="hidden" name="answered" value={answered ? "0" : "1"} />
      <button type="submit" className={answered ? secondaryButton : button}>
        {answered ? copy.markUnanswered : copy.markAnswered}
        <span className="sr-only">{copy.whichMessage(message.id)}</span>
      </button>
    </form>
  );
}

function MessageCard({
  message,
  audit,
  listQuery,
}: {
  message: BackOfficeMessage;
  audit: AuditRow[] | undefined;
  listQuery: string;
}) {
  const copy = adminCopy.messages;
  const answered = message.answered_at !== null;
  return (
    <article
      id={`message-${message.id}`}
      className="min-w-0 scroll-mt-4 rounded-lg bg-white p-4 ring-1 ring-slate-200 target:ring-2 target:ring-accent-700"
      data-message-id={message.id}
      data-answered={answered ? "" : undefined}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900">
          <VisitorText text={message.name} />
        </h2>
        <p className="text-sm text-slate-600">
          #{message.id} · <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
        </p>
      </header>
      <p className="mt-1 min-w-0 text-sm [overflow-wrap:anywhere]">
        <a className={wrappingLink} href={`mailto:${message.email}`}>
          <VisitorText text={message.email} />
        </a>
        {message.phone && (
          <>
            {" · "}
            <span className="text-slate-600">{copy.phone}:</span> <VisitorText text={message.phone} />
          </>
        )}
        {message.company && (
          <>
            {" · "}
            <span className="text-slate-600">{copy.company}:</span> <VisitorText text={message.company} />
          </>
        )}
      </p>
      <p className="mt-3 min-w-0 text-sm whitespace-pre-wrap text-slate-800">
        <VisitorText text={message.message} />
      </p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <p className="min-w-0 text-sm" data-answered-state={answered ? "answered" : "unanswered"}>
          {answered && message.answered_at ? (
            <span className="text-brand-900">
              <span aria-hidden="true">✓ </span>
              {copy.answered(formatTime(message.answered_at))} <VisitorText text={message.answered_by} />
            </span>
          ) : (
            <Pill>{copy.unanswered}</Pill>
          )}
        </p>
        <AnsweredForm message={message} listQuery={listQuery} />
      </div>
      <AuditHistory rows={audit} />
    </article>
  );
}

export function MessagesSection({ chrome, view }: { chrome: AdminChrome; view: MessagesView }) {
  const copy = adminCopy.messages;
  return (
    <AdminShell chrome={chrome}>
      {view.rows.length === 0 ? (
        <NoRows text={copy.empty} stopped={chrome.stoppedAt !== null} />
      ) : (
        <div className="mt-4 space-y-4">
          {view.rows.map((message) => (
            <MessageCard
              key={message.id}
              message={message}
              audit={view.audit.get(String(message.id))}
              listQuery={chrome.listQuery}
            />
          ))}
        </div>
      )}
    </AdminShell>
  );
}
