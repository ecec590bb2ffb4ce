/** The words of the owner's ODPC registration number: its Settings form and its refusals. */
export const odpcCopy = {
  heading: "ODPC registration",
  explain:
    "The registration number on the certificate the Office of the Data Protection Commissioner issued to the business. Once set, the privacy policy names it beside its statement that we are registered; empty leaves the number out.",
  label: "ODPC registration number",
  hint: "3 to 60 characters with at least one digit: letters, digits, spaces and / - . only. Leave it empty to remove the number from the privacy policy.",
  current: "The privacy policy shows:",
  notSet: "No number: the privacy policy names none.",
  setOn: (when: string) => `Set ${when} by`,
  submit: "Save registration number",
  saved: "ODPC registration number saved: the privacy policy now shows it.",
  cleared: "ODPC registration number removed: the privacy policy no longer names one.",
  refused: "The ODPC registration number was not saved:",
  invalid: {
    length: (count: number) => `Use 3 to 60 characters; this has ${count}.`,
    noDigit: "A registration number has at least one digit, as on the ODPC's certificate.",
    edges: "Start and end the number with a letter or digit.",
    characters: (shown: readonly string[]) =>
      `Use letters, digits, spaces and / - . only. Not allowed here: ${shown.map((c) => `"${c}"`).join(", ")}.`,
    invisible: "It holds a line break, tab or other invisible control character: type the number on one line.",
    illFormed: "It holds characters that are not valid text: type the number again.",
  },
};
