/**
 * The quote rule: a written quote never accepted is an enquiry. Older than the enquiry period, it is
 * erased unless its mailbox ever engaged (a paid order or an accepted quote), with its lines and its
 * PDF, and the e-mails about it anonymised. The PDFs go first: if the batch then fails, the next run
 * finds the quote again and finishes (a quote whose PDF is missing is drawn again if ever opened).
 * Budget: at most `page` × `pages` quotes examined a run; the next run goes on after the last one.
 */

import { deleteQuotePdfs } from "../quotes/quote-store.ts";
import type { WalkRun } from "./retention-enquiries.ts";
import { engagedMailboxes, walkPages } from "./retention-mailboxes.ts";
import { deleteQuotes, type OldQuote, oldUnacceptedQuotes } from "./retention-quote-queries.ts";

export async function eraseOldQuotes(env: Env, run: WalkRun, erased: (n: number) => void): Promise<void> {
  await walkPages(
    {
      db: env.DB,
      step: run.step,
      now: run.now,
      key: (quote: OldQuote) => ({ created_at: quote.created_at, id: quote.number }),
    },
    (after) =>
      oldUnacceptedQuotes(
        env.DB,
        run.cutoff,
        after && { created_at: after.created_at, number: after.id },
        run.limits.page,
      ),
    run.limits,
    async (quotes) => {
      const emails = quotes.map((quote) => quote.customer_email);
      const engaged = await engagedMailboxes(env.DB, emails);
      const numbers = quotes.filter((quote) => !engaged(quote.customer_email)).map((quote) => quote.number);
      if (numbers.length > 0) {
        await deleteQuotePdfs(env.DOCUMENTS, numbers);
        erased(await deleteQuotes(env.DB, numbers, run.cutoff, run.now));
      }
      return quotes.length;
    },
    run.counted,
  );
}
