/** The ledger line of a paybill payment: one id per TransID, so a replay can never be a second line. */
export const paybillPaymentId = (transId: string): string => `c2b_${transId}`;
