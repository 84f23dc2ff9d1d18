/**
 * A JSON report whose one long array (findings, SARIF results) is written item by item: the
 * document made as one string held the whole report three to five times over (the text, its
 * lines while redacted, the bytes), ~750 MB for 100,000 findings. Joined, the pieces are the
 * text `JSON.stringify(document, null, 2)` gives, byte for byte.
 */
export interface StreamedJson {
  /** The document, pretty-printed, with `marker` as the array's one element. */
  skeleton: string;
  /** The stand-in's JSON text, found once in the skeleton. */
  marker: string;
  /** The array's elements, each a JSON text of its own (what printable() needs: one whole value). */
  items: Iterable<string>;
}

/**
 * `document(placeholder)` is the report with `placeholder` as the streamed array; `values` are
 * that array's elements. The stand-in element is a string no other text of the skeleton
 * holds: a user's string could spell any fixed one, so another is tried until it is alone.
 */
export function streamedJson(document: (placeholder: unknown[]) => unknown, values: Iterable<unknown>): StreamedJson {
  for (let n = 0; ; n++) {
    const marker = JSON.stringify(`\u0000hublint-items-${n}\u0000`);
    const skeleton = JSON.stringify(document([JSON.parse(marker)]), null, 2);
    const at = skeleton.indexOf(marker);
    if (at >= 0 && skeleton.indexOf(marker, at + 1) < 0) return { skeleton, marker, items: map(values, (v) => JSON.stringify(v, null, 2)) };
  }
}

function* map<T, U>(values: Iterable<T>, f: (v: T) => U): Iterable<U> {
  for (const v of values) yield f(v);
}

/**
 * The report's text in pieces, each passed through `each` on its own (the skeleton whole, then
 * every item) and indented after it, so what `each` sees is always one JSON text.
 */
export function* jsonPieces(doc: StreamedJson, each: (text: string) => string = (t) => t): Iterable<string> {
  const skeleton = each(doc.skeleton);
  const at = skeleton.indexOf(doc.marker);
  const lineStart = skeleton.lastIndexOf('\n', at) + 1;
  const indent = skeleton.slice(lineStart, at);
  const open = skeleton.lastIndexOf('[', lineStart);
  let first = true;
  for (const item of doc.items) {
    yield `${first ? skeleton.slice(0, lineStart) : ',\n'}${indent}${each(item).replaceAll('\n', `\n${indent}`)}`;
    first = false;
  }
  // No element: an empty array, as JSON.stringify writes it.
  yield first ? `${skeleton.slice(0, open + 1)}]${skeleton.slice(skeleton.indexOf(']', at) + 1)}` : skeleton.slice(at + doc.marker.length);
}

/** The whole text, for the reporters' string form. */
export function joinJson(doc: StreamedJson): string {
  return [...jsonPieces(doc)].join('');
}
