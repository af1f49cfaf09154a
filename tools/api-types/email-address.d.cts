/** RFC 5321 `Mailbox`, anchored; ASCII only (tools/api-types/email-address.cjs). */
export declare const EMAIL_ADDRESS: RegExp;
/** Whether `value` is an email address: RFC 5321's `Mailbox`. */
export declare function isEmailAddress(value: string): boolean;
