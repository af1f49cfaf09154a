/**
 * String and number shapes shared by several config files. Their TSDoc tags (`@pattern`, `@format`,
 * `@minimum`, `@maximum`, `@multipleOf`) are read by the schema generator and end up in the JSON Schemas.
 *
 * `@guessed <keywords>` marks the constraints the platform's documentation does not state (it names a
 * hex colour, a URL or a currency, or gives "for example 1 to 20", but no syntax or range): they stay in
 * the schemas, so editors still point at likely mistakes, and `validate` reports a value outside them as
 * a warning, not an error (`strict` makes it an error). docs/spec-gaps.md lists each one.
 */

/**
 * A hex colour, e.g. `#ff6600`. The platform's documentation says "hex" but not the syntax; `#` and 3, 4, 6 or 8
 * hex digits is recommended.
 * @pattern ^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$
 * @guessed pattern
 */
export type HexColor = string;

/**
 * A URL, e.g. `https://example.com/store`. The platform's documentation types it as a plain string; an absolute
 * URL is recommended.
 * @format uri
 * @guessed format
 */
export type Url = string;

/**
 * A URI of an image or media file: absolute (`https://...`) or relative to the theme (`assets/logo.png`).
 * The platform's documentation types it as a plain string; a valid URI reference is recommended.
 * @format uri-reference
 * @guessed format
 */
export type MediaUri = string;

/**
 * A string convertible to a date (anything `Date.parse` accepts, e.g. `2024-05-01` or `2024-05-01T10:00:00Z`).
 * @format date-like
 */
export type DateString = string;

/**
 * A percentage; 0 to 100 is recommended (the platform's documentation gives no range).
 * @minimum 0
 * @maximum 100
 * @guessed minimum maximum
 */
export type Percentage = number;

/**
 * A whole number (the platform's documentation's `integer`); 0 or more is recommended.
 * @TJS-type integer
 * @minimum 0
 * @guessed minimum
 */
export type Count = number;

/**
 * A page number (the platform's documentation's `integer`); from 1 is recommended (a current page outside
 * `1..numPages` is an error of its own, `page-out-of-range`).
 * @TJS-type integer
 * @minimum 1
 * @guessed minimum
 */
export type PageNumber = number;

/**
 * A count the platform's documentation types as `number`; a whole number of 1 or more is recommended.
 * @minimum 1
 * @multipleOf 1
 * @guessed minimum multipleOf
 */
export type PositiveCount = number;

/**
 * A currency code, e.g. `USD`. The platform's documentation types the store's `currencyCode` as a plain string and
 * a product's `currency` as an "ISO 4217 code"; three capital letters is recommended.
 * @pattern ^[A-Z]{3}$
 * @guessed pattern
 */
export type CurrencyCode = string;
