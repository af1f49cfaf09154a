/**
 * String and number shapes shared by several config files. Their TSDoc tags (`@pattern`, `@format`,
 * `@minimum`, `@maximum`) are read by the schema generator and end up in the JSON Schemas.
 */

/**
 * A hex colour: `#` and 3, 4, 6 or 8 hex digits, e.g. `#ff6600`.
 * @pattern ^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$
 */
export type HexColor = string;

/**
 * An absolute URL, e.g. `https://example.com/store`.
 * @format uri
 */
export type Url = string;

/**
 * A URI of an image or media file: absolute (`https://...`) or relative to the theme (`assets/logo.png`).
 * @format uri-reference
 */
export type MediaUri = string;

/**
 * A string convertible to a date (anything `Date.parse` accepts, e.g. `2024-05-01` or `2024-05-01T10:00:00Z`).
 * @format date-like
 */
export type DateString = string;

/**
 * A percentage from 0 to 100.
 * @minimum 0
 * @maximum 100
 */
export type Percentage = number;

/**
 * A whole number of 0 or more.
 * @TJS-type integer
 * @minimum 0
 */
export type Count = number;

/**
 * A whole number of 1 or more.
 * @TJS-type integer
 * @minimum 1
 */
export type PositiveCount = number;

/**
 * A three-letter ISO 4217 currency code, e.g. `USD`.
 * @pattern ^[A-Z]{3}$
 */
export type CurrencyCode = string;
