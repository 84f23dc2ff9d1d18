import { Mapped, MappedBuilder } from '../shell/mapped.js';

/**
 * Spring property placeholders (issue 30, first look: a login URL joined in configuration).
 * `hub.login=${hub.base}/users/login` in application.properties, or the same in
 * application.yml under nested keys, is the base's value followed by the path: the joined value
 * is read as one URL. A placeholder's value stands where the placeholder is written, so the
 * finding lands on the line holding the path. `${key:default}` takes the key's value when the
 * file defines it, its default otherwise; a key the file does not define stays as written.
 * Pure: the settings are given, nothing is read.
 */

/** A setting's value by its key, or undefined when the file does not define it. */
export type Settings = (key: string) => Mapped | undefined;

// `${key}` / `${key:default}`: a key of word characters, dots, dashes and brackets; a default
// without braces (a nested placeholder inside a default stays as written). Linear: the classes
// of the key and of the default exclude the character that ends them.
const PLACEHOLDER = /\$\{([\w.[\]-]{1,200})(?::([^{}\n]{0,400}))?\}/g;

/** Deeper references than this are left as written (a cycle, or a chain nobody writes). */
const MAX_DEPTH = 4;

/** Spring's relaxed binding: `hub.api-base`, `hub.apiBase` and `hub.api_base` are one key. */
export function settingKey(key: string): string {
  return key.replace(/[-_]/g, '').toLowerCase();
}

/** `value` with each placeholder of a defined key replaced by the key's value (itself expanded). */
export function expandPlaceholders(value: Mapped, settings: Settings, depth = 0): Mapped {
  if (!value.text.includes('${') || depth >= MAX_DEPTH) return value;
  const b = new MappedBuilder();
  let at = 0;
  let changed = false;
  for (const m of value.text.matchAll(PLACEHOLDER)) {
    const i = m.index ?? 0;
    const defined = settings(settingKey(m[1]));
    const replacement = defined ? expandPlaceholders(defined, settings, depth + 1).text : m[2];
    if (replacement === undefined) continue;
    b.pushFrom(value, at, i);
    // The value maps to the whole placeholder, as a shell variable's value does to `${VAR}`.
    b.push(replacement, value.startOf(i), value.endOf(i + m[0].length), false, true);
    at = i + m[0].length;
    changed = true;
  }
  if (!changed) return value;
  b.pushFrom(value, at, value.text.length);
  return b.build();
}

/** The key and the value's offset in one line of a .properties file (`key=value`, `key: value`, `key value`). */
function propertyLine(line: string): { key: string; at: number } | undefined {
  let i = 0;
  while (line[i] === ' ' || line[i] === '\t') i++;
  if (i >= line.length || line[i] === '#' || line[i] === '!') return undefined;
  const keyStart = i;
  while (i < line.length && !' \t=:'.includes(line[i])) i++;
  const key = line.slice(keyStart, i);
  while (line[i] === ' ' || line[i] === '\t') i++;
  if (line[i] === '=' || line[i] === ':') i++;
  while (line[i] === ' ' || line[i] === '\t') i++;
  return key ? { key, at: i } : undefined;
}

/** The settings of a .properties file, each value at its own offsets (continuation lines aside). */
export function propertiesSettings(text: string): Map<string, Mapped> {
  const out = new Map<string, Mapped>();
  let start = 0;
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const p = propertyLine(line);
    if (p) out.set(settingKey(p.key), Mapped.of(text, start + p.at, start + line.trimEnd().length));
    start += raw.length + 1;
  }
  return out;
}
