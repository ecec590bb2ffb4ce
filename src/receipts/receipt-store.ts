/**
 * Receipts as documents (the DOCUMENTS R2 bucket, under receipts/): each receipt's PDF is drawn once and
 * these bytes are what every later download serves, so a later change of template or font never
 * alters a receipt someone already holds.
 */
const objectKey = (number: string): string => `receipts/${number}.pdf`;

export async function storeReceiptPdf(bucket: R2Bucket, number: string, pdf: Uint8Array): Promise<void> {
  await bucket.put(objectKey(number), pdf, {
    httpMetadata: { contentType: "application/pdf" },
    customMetadata: { receiptNumber: number },
  });
}

/** The stored bytes, or null when none are stored yet (the drawing or the store failed; the sweep draws it). */
export async function storedReceiptPdf(bucket: R2Bucket, number: string): Promise<Uint8Array | null> {
  const object = await bucket.get(objectKey(number));
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

/** Deletes the stored PDFs of these receipts (the retention sweep); a number with none stored is no error. */
export async function deleteReceiptPdfs(bucket: R2Bucket, numbers: readonly string[]): Promise<void> {
  if (numbers.length > 0) await bucket.delete(numbers.map(objectKey));
}
