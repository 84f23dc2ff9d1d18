// Rewrites one generated section of bench/README.md, between
// `<!-- NAME:begin ... -->` and `<!-- NAME:end -->`; the prose around it is left alone.

export function replaceSection(text, name, body, writer = 'node bench/run.mjs') {
  const begin = `<!-- ${name}:begin (written by ${writer}) -->`;
  const end = `<!-- ${name}:end -->`;
  const re = new RegExp(`<!-- ${name}:begin[^>]*-->[\\s\\S]*?<!-- ${name}:end -->`);
  const block = `${begin}\n${body}\n${end}`;
  if (re.test(text)) return text.replace(re, () => block);
  return `${text.trimEnd()}\n\n${block}\n`;
}
