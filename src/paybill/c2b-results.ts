/**
 * Daraja's documented answers to its C2B calls (developer.safaricom.co.ke, Customer To Business):
 * `{"ResultCode":"0","ResultDesc":"Accepted"}` accepts a validation and acknowledges a
 * confirmation; a refusal is "Rejected" with the code that tells the buyer why.
 */

/** C2B00011 MSISDN, C2B00012 account number, C2B00013 amount, C2B00014 KYC, C2B00015 shortcode, C2B00016 other. */
type RejectionCode = "C2B00011" | "C2B00012" | "C2B00013" | "C2B00014" | "C2B00015" | "C2B00016";

export type C2bResult = { ResultCode: "0" | RejectionCode; ResultDesc: "Accepted" | "Rejected" };

export const c2bAccepted: C2bResult = { ResultCode: "0", ResultDesc: "Accepted" };

export const c2bRejected = (code: RejectionCode): C2bResult => ({ ResultCode: code, ResultDesc: "Rejected" });
