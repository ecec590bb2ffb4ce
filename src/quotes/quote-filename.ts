/** What a quote's PDF is called wherever it is downloaded or attached: its number. */
export function quoteFilename(number: string): string {
  return `${number}.pdf`;
}
