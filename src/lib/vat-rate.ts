/**
 * Kenya's standard VAT rate (VAT Act 2013, s.5), in percent: apart from tax/vat.ts, which reads the
 * worker's bindings, so the browser's copy of "prices include 16% VAT" is built from it too.
 */
export const VAT_RATE_PERCENT = 16;
