/** The words of eTIMS reporting as the owner reads them: the hourly alert. */
export const etimsCopy = {
  alert: {
    headline: "Tax invoices waiting for KRA",
    subject: "sales have waited over an hour for KRA eTIMS",
    summary:
      "These payments were made but KRA has not registered their tax invoices for over an hour. The payments stand; each sale is sent again under its own number. Check KRA's message for each in the back office; this is the only such alert this hour.",
    line: (invoice: string, customer: string, since: string, error: string) =>
      `${invoice} for ${customer}, waiting since ${since}: ${error}`,
    labels: { sale: "Sale", more: "More" },
    noAnswer: "no answer from KRA yet",
    more: (count: number) => `${count} more in the back office`,
  },
} as const;
