const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML text and for a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

/** The text of HTML written with the entities above (and &apos;), as the build's page may hold it. */
export function unescapeHtml(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_entity, name: string) => NAMED[name]!);
}

/**
 * JSON for a `<script type="application/json">` block: '<', '>' and '&' written as \u escapes, so no
 * `</script>` or `<!--` can appear in it and end or confuse the block; JSON.parse reads them back.
 * U+2028 and U+2029 too, for readers that take the text as JavaScript.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
