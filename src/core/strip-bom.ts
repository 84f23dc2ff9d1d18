/** The text adapters see: without a leading byte order mark (offsets index this text). */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
