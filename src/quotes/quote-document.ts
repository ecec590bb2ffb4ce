import { documentFontsFor } from "../documents/fonts.ts";
import type { PaymentDetails } from "../lib/payment-ways.ts";
import { quotePagePath } from "../paths.ts";
import type { SellerTaxIdentity } from "../tax/seller.ts";
import type { Quote } from "./quote-numbers.ts";
import { clientText, renderQuotePdf } from "./quote-pdf.ts";

/**
 * The quote's PDF, with links to the site at `origin` (always the configured site, never a Host
 * header), our tax identity and the owner's payment details as they are when it is drawn: it is
 * kept, and stays as issued (the quote's page shows the details in force).
 */
export async function quotePdf(
  quote: Quote,
  origin: string,
  seller: SellerTaxIdentity,
  payment: PaymentDetails,
): Promise<Uint8Array> {
  const client = clientText(quote);
  const text = [client.name, client.company, ...quote.lines.map((l) => l.name + l.category)].join("");
  const fonts = await documentFontsFor(text);
  return renderQuotePdf(
    quote,
    fonts,
    { siteUrl: origin, quotePageUrl: `${origin}${quotePagePath(quote.number, quote.access_key)}` },
    seller,
    payment,
  );
}
