/**
 * Escaping for XML (JUnit) and HTML. Characters XML 1.0 forbids (most C0 controls, lone
 * surrogates, U+FFFE/U+FFFF) are dropped: a report must parse even when a scanned file holds them.
 */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function stripInvalidXml(text: string): string {
  return text.replace(INVALID_XML, '');
}

/** Text and attribute values for XML and HTML alike. */
export function escapeMarkup(text: string): string {
  return stripInvalidXml(text).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** A CDATA section that survives `]]>` inside the text (split across two sections). */
export function cdata(text: string): string {
  return `<![CDATA[${stripInvalidXml(text).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}
