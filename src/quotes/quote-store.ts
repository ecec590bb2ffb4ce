/**
 * Issued quotes as documents (the DOCUMENTS R2 bucket): each quote's PDF is drawn once, when the quote
 * is made, and these bytes are what every later download and e-mail serves, so a later change of
 * template, font or price never alters a quote someone already holds.
 */
const objectKey = (number: string): string => `quotes/${number}.pdf`;

export async function storeQuotePdf(bucket: R2Bucket, number: string, pdf: Uint8Array): Promise<void> {
  await bucket.put(objectKey(number), pdf, {
    httpMetadata: { contentType: "application/pdf" },
    customMetadata: { quoteNumber: number },
  });
}

/** The issued bytes, or null when none were stored (a quote made before documents were kept). */
export async function storedQuotePdf(bucket: R2Bucket, number: string): Promise<Uint8Array | null> {
  const object = await bucket.get(objectKey(number));
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

/** Deletes the stored PDFs of these quotes (the retention sweep); a number with none stored is no error. */
export async function deleteQuotePdfs(bucket: R2Bucket, numbers: readonly string[]): Promise<void> {
  if (numbers.length > 0) await bucket.delete(numbers.map(objectKey));
}
