/**
 * Signatures and one-line descriptions of the contract's filters and tags, for completion details and
 * hovers. Which filters and tags exist is the contract's (`CONTRACT_FILTERS`, `CONTRACT_TAGS`); this only
 * describes them (a filter or tag missing here still completes, without a description).
 */

/** A filter's arguments (`?` marks an optional one) and what it does. */
export interface FilterDoc {
  readonly args: readonly string[];
  readonly description: string;
}

const f = (args: string, description: string): FilterDoc => ({
  args: args === '' ? [] : args.split(','),
  description,
});

/** Filters by name. */
export const FILTER_DOCS: Readonly<Record<string, FilterDoc>> = {
  abs: f('', 'The absolute value of a number.'),
  append: f('string', 'Adds `string` to the end.'),
  at_least: f('number', 'The value, or `number` when the value is smaller.'),
  at_most: f('number', 'The value, or `number` when the value is larger.'),
  base64_decode: f('', 'Decodes a Base64 string.'),
  base64_encode: f('', 'Encodes a string as Base64.'),
  capitalize: f('', 'Upper-cases the first character.'),
  ceil: f('', 'Rounds up to an integer.'),
  compact: f('property?', 'Removes `nil` items (or items whose `property` is `nil`).'),
  concat: f('array', 'Joins two arrays.'),
  date: f('format', 'Formats a date (`%Y-%m-%d`, strftime syntax).'),
  default: f('value', '`value` when the input is `nil`, `false` or empty.'),
  divided_by: f('number', 'Divides by `number` (integer division for integers).'),
  downcase: f('', 'Lower-cases a string.'),
  escape: f('', 'Escapes HTML.'),
  escape_once: f('', 'Escapes HTML without escaping existing entities again.'),
  find: f('property,value', 'The first item whose `property` equals `value`.'),
  find_index: f('property,value', 'The index of the first item whose `property` equals `value`.'),
  first: f('', 'The first item of an array.'),
  floor: f('', 'Rounds down to an integer.'),
  has: f('property,value', 'Whether an item has `property` equal to `value`.'),
  hmac_sha256: f('secret', 'HMAC-SHA256 of the string with `secret`, in hex.'),
  join: f('separator?', 'Joins the items with `separator` (default a space).'),
  json: f('indent?', 'The value as JSON.'),
  last: f('', 'The last item of an array.'),
  lstrip: f('', 'Removes whitespace on the left.'),
  map: f('property', 'The `property` of each item.'),
  minus: f('number', 'Subtracts `number`.'),
  modulo: f('number', 'The remainder of dividing by `number`.'),
  newline_to_br: f('', 'Inserts `<br />` before each line break.'),
  plus: f('number', 'Adds `number`.'),
  prepend: f('string', 'Adds `string` to the start.'),
  reject: f('property,value?', 'The items whose `property` is not `value` (or is falsy).'),
  remove: f('string', 'Removes every `string`.'),
  remove_first: f('string', 'Removes the first `string`.'),
  remove_last: f('string', 'Removes the last `string`.'),
  replace: f('search,replacement', 'Replaces every `search` with `replacement`.'),
  replace_first: f('search,replacement', 'Replaces the first `search` with `replacement`.'),
  replace_last: f('search,replacement', 'Replaces the last `search` with `replacement`.'),
  reverse: f('', 'Reverses an array.'),
  round: f('digits?', 'Rounds to `digits` decimals (default 0).'),
  rstrip: f('', 'Removes whitespace on the right.'),
  sha256: f('', 'SHA-256 of the string, in hex.'),
  size: f('', 'The number of items or characters.'),
  slice: f('start,length?', 'The part from `start` (negative: from the end), `length` long (default 1).'),
  sort: f('property?', 'Sorts (by `property`), case-sensitive.'),
  sort_natural: f('property?', 'Sorts (by `property`), case-insensitive.'),
  split: f('separator', 'Splits a string into an array at `separator`.'),
  strip: f('', 'Removes whitespace on both sides.'),
  strip_html: f('', 'Removes HTML tags.'),
  strip_newlines: f('', 'Removes line breaks.'),
  sum: f('property?', 'The sum of the items (of their `property`).'),
  times: f('number', 'Multiplies by `number`.'),
  truncate: f('length,ellipsis?', 'Shortens to `length` characters, `ellipsis` (default `...`) included.'),
  truncatewords: f('words,ellipsis?', 'Shortens to `words` words, then `ellipsis` (default `...`).'),
  uniq: f('', 'Removes duplicate items.'),
  upcase: f('', 'Upper-cases a string.'),
  url_decode: f('', 'Decodes a URL-encoded string.'),
  url_encode: f('', 'URL-encodes a string.'),
  where: f('property,value?', 'The items whose `property` equals `value` (or is truthy).'),
  money: f('currency?', "A price in the store's currency and language (`$19.00`); a currency code argument wins."),
  money_with_currency: f('currency?', 'A price with its currency code (`$19.00 USD`).'),
  money_without_currency: f('currency?', 'A price without a currency symbol (`19.00`).'),
  asset_url: f(
    '',
    "The URL of a file of the theme's `assets/` folder (`'theme.css' | asset_url` -> `/assets/theme.css`).",
  ),
  image_url: f('', 'The URL of an image: a theme-relative image as a site path, an absolute URL as it is.'),
  stylesheet_tag: f('', 'A `<link rel="stylesheet">` element for a URL.'),
  script_tag: f('', 'A deferred `<script>` element for a URL.'),
  handleize: f('', 'A handle made from a string (`Café Crème` -> `cafe-creme`).'),
  link_to: f('url', 'An `<a>` element with the text and `url`.'),
};

/** `name: a, b` as a signature (`money: currency?`). */
export function filterSignature(name: string): string {
  const doc = FILTER_DOCS[name];
  return doc && doc.args.length > 0 ? `${name}: ${doc.args.join(', ')}` : name;
}

/** A tag's syntax and what it does. */
export interface TagDoc {
  readonly syntax: string;
  readonly description: string;
  /** Whether it opens a block closed by `end<name>`. */
  readonly block?: boolean;
}

/** Tags by name. */
export const TAG_DOCS: Readonly<Record<string, TagDoc>> = {
  assign: { syntax: '{% assign name = value %}', description: 'Creates a variable.' },
  break: { syntax: '{% break %}', description: 'Leaves the enclosing `for` loop.' },
  capture: {
    syntax: '{% capture name %}…{% endcapture %}',
    description: 'Renders its body into a variable.',
    block: true,
  },
  case: {
    syntax: '{% case value %}{% when a, b %}…{% else %}…{% endcase %}',
    description: 'Compares a value with each `when`.',
    block: true,
  },
  comment: { syntax: '{% comment %}…{% endcomment %}', description: 'Text that is not rendered.', block: true },
  continue: { syntax: '{% continue %}', description: 'Skips to the next iteration of the enclosing `for` loop.' },
  cycle: { syntax: "{% cycle 'a', 'b' %}", description: 'Outputs its values in turn, one per call.' },
  decrement: { syntax: '{% decrement name %}', description: 'Outputs a counter, then decreases it by one.' },
  echo: { syntax: '{% echo value | filter %}', description: 'Outputs a value (like `{{ }}`, usable inside `liquid`).' },
  for: {
    syntax: '{% for item in array limit: n offset: n reversed %}…{% else %}…{% endfor %}',
    description: 'Renders its body for each item; `forloop` tells where the loop is.',
    block: true,
  },
  if: {
    syntax: '{% if condition %}…{% elsif condition %}…{% else %}…{% endif %}',
    description: 'Renders its body when the condition holds.',
    block: true,
  },
  increment: { syntax: '{% increment name %}', description: 'Outputs a counter, then increases it by one.' },
  liquid: { syntax: '{% liquid\n  tag arguments\n  … %}', description: 'Several tags in one, one per line.' },
  raw: { syntax: '{% raw %}…{% endraw %}', description: 'Outputs its body as it is, without Liquid.', block: true },
  render: {
    syntax:
      "{% render 'snippet', name: value %} / {% render 'snippet' with value as name %} / {% render 'snippet' for array as name %}",
    description:
      "Renders `snippets/<snippet>.liquid` with its own variables: the page's objects and the parameters given.",
  },
  tablerow: {
    syntax: '{% tablerow item in array cols: n %}…{% endtablerow %}',
    description: 'Renders an HTML table row per `cols` items.',
    block: true,
  },
  unless: {
    syntax: '{% unless condition %}…{% endunless %}',
    description: 'Renders its body when the condition does not hold.',
    block: true,
  },
  '#': { syntax: '{% # comment %}', description: 'An inline comment.' },
  layout: {
    syntax: "{% layout 'name' %} / {% layout none %}",
    description: 'The layout the page is placed into (`layout/<name>.liquid`; `theme` by default), or none.',
  },
  editable_region: {
    syntax: "{% editable_region 'name' %}",
    description:
      'The editable region of that `regionName` (`editable-regions.stk.config.json`): its `rawMarkup`, then its blocks.',
  },
  render_blocks: {
    syntax: '{% render_blocks column.blocks %}',
    description: "Renders a list of blocks (a grid column's), as a region renders them.",
  },
};
