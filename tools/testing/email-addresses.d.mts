import type { Arbitrary } from 'fast-check';

/** RFC 5321 `Domain`: one or more labels (`localhost`, `com`, `example.co.uk`). */
export declare const domain: Arbitrary<string>;
/** RFC 5321 `Mailbox` (dot-string or quoted local part; a domain or an address literal), plus `a@localhost` and `0@com`. */
export declare const validEmailAddress: Arbitrary<string>;
/** Strings that are clearly not an email address: no `@`, an empty part, spaces, doubled dots, non-ASCII, ... */
export declare const invalidEmailAddress: Arbitrary<string>;
