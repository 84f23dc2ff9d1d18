/**
 * Escaping for XML (JUnit) and HTML. Characters XML 1.0 forbids (most C0 controls, lone
 * surrogates, U+FFFE/U+FFFF) are dropped: a report must parse even when a scanned file holds them.
 */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// A line break inside a field is a character reference: a CI log that prints the file shows no
// line of a finding's text at the start of a line, where `::error file=x::` would be a workflow
// command (GitHub) or `##vso[` one (Azure). The value an XML or HTML parser reads is unchanged.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '\n': '&#10;', '\r': '&#13;' };

export function stripInvalidXml(text: string): string {
  return text.replace(INVALID_XML, '');
}

/** Text and attribute values for XML and HTML alike. */
export function escapeMarkup(text: string): string {
  return stripInvalidXml(text).replace(/[&<>"'\n\r]/g, (c) => ENTITIES[c]);
}

/**
 * A CDATA section that survives `]]>` inside the text (split across two sections). The text
 * is one line: a line break inside it is shown as `\x0a` (a CDATA section cannot hold a
 * character reference), so no field starts a line of the file.
 */
export function cdata(text: string): string {
  return `<![CDATA[${stripInvalidXml(text).replace(/\r|\n/g, (c) => (c === '\n' ? '\\x0a' : '\\x0d')).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}
