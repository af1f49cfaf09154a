/** Escaping text for HTML element content and attribute values, the same way in every package that writes HTML. */

/** `&`, `<`, `>`, `"` and `'` as numeric character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
