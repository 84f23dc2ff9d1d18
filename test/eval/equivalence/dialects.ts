import { NotExpressible, type Dialect, type Part } from './generate.js';

/**
 * What each language writes for the generator's pieces (generate.ts). A hook a language leaves
 * out is a cell it cannot express (Go has no classes with static methods, shell no lambdas).
 * Names and strings are ours; the shapes are each language's plainest.
 */

const indent = (lines: string[], by = '    ') => lines.map((l) => (l ? by + l : l));
const dq = (s: string) => JSON.stringify(s);
const refs = (parts: Part[]) => parts.flatMap((p) => ('ref' in p ? [p.ref] : []));
/** The parts as one string, each value written by `ref` (`{x}`, `${x}`, `#{x}`): a template's body. */
const splice = (parts: Part[], ref: (r: string) => string) => parts.map((p) => ('lit' in p ? p.lit : ref(p.ref))).join('');
/** A format template with `hole` for each value: `"{}/v2/repositories/{}/{}/"`. */
const holes = (parts: Part[], hole: string) => parts.map((p) => ('lit' in p ? p.lit : hole)).join('');
/**
 * Numbered holes with the values given last first (`{2}/v2/repositories/{1}/{0}/`, name, ns,
 * base): a positional format that only reads right when each hole's number is honoured.
 */
function numbered(parts: Part[], hole: (index: number) => string): { template: string; values: string[] } {
  const values = refs(parts);
  let k = 0;
  const template = parts.map((p) => ('lit' in p ? p.lit : hole(values.length - 1 - k++))).join('');
  return { template, values: [...values].reverse() };
}

const python: Dialect = {
  lang: 'python',
  main: 'hubtool/check.py',
  other: 'hubtool/settings.py',
  seedBuild: 'plus',
  prelude: () => ['import os', '', 'import requests'],
  otherFile: (lines) => ['import requests', '', ...lines].join('\n') + '\n',
  importOther: (name) => `from hubtool.settings import ${name}`,
  lit: dq,
  plus: (items) => items.join(' + '),
  template: (parts) => `f"${splice(parts, (r) => `{${r}}`)}"`,
  format: (parts) => `${dq(holes(parts, '{}'))}.format(${refs(parts).join(', ')})`,
  positional: (parts) => {
    const { template, values } = numbered(parts, (i) => `{${i}}`);
    return `${dq(template)}.format(${values.join(', ')})`;
  },
  format2: (parts) => `${dq(holes(parts, '%s'))} % (${refs(parts).join(', ')})`,
  join: (sep, items) => `${dq(sep)}.join([${items.join(', ')}])`,
  concat: (items) => `"".join([${items.join(', ')}])`,
  either: (env, fallback) => `os.environ.get(${dq(env)}) or ${fallback}`,
  either2: (env, fallback) => `os.getenv(${dq(env)}, ${fallback})`,
  orElse: (given, fallback) => `${given} or ${fallback}`,
  constant: (name, value) => [`${name} = ${value}`, ''],
  local: (name, value) => `${name} = ${value}`,
  fn: (name, params, ret, body = []) => [`def ${name}(${params.join(', ')}):`, ...indent([...body, `return ${ret}`]), ''],
  proc: (name, params, body) => [`def ${name}(${params.join(', ')}):`, ...indent(body), ''],
  lambda: (name, params, ret) => `${name} = lambda ${params.join(', ')}: ${ret}`,
  callLambda: (name, args) => `${name}(${args.join(', ')})`,
  cls: (name, spec) => {
    const out = [`class ${name}:`];
    for (const [k, v] of spec.consts ?? []) out.push(`    ${k} = ${v}`);
    if (spec.ctor?.length) {
      const params = [...spec.ctor.filter(([, v]) => v === null).map(([k]) => k), ...(spec.optional ?? []).map((k) => `${k}=None`)];
      out.push(`    def __init__(${['self', ...params].join(', ')}):`, ...spec.ctor.map(([k, v]) => `        self.${k} = ${v ?? k}`));
    }
    for (const m of spec.methods ?? []) {
      if (m.isStatic) out.push('    @staticmethod');
      if (m.property) out.push('    @property');
      out.push(`    def ${m.name}(${(m.isStatic ? m.params : ['self', ...m.params]).join(', ')}):`, `        return ${m.ret}`);
    }
    return [...out, ''];
  },
  self: (f) => `self.${f}`,
  classConst: (c, n) => `${c}.${n}`,
  newObj: (c, args) => `${c}(${args.join(', ')})`,
  callMethod: (o, m, args) => `${o}.${m}(${args.join(', ')})`,
  callStatic: (c, m, args) => `${c}.${m}(${args.join(', ')})`,
  readProperty: (o, p) => `${o}.${p}`,
  call: (f, args) => `${f}(${args.join(', ')})`,
  get: (u) => `requests.get(${u})`,
  request: (m, u) => `requests.request(${m}, ${u})`,
  stmt: (e) => e,
};

/** JavaScript and TypeScript differ in their annotations only. */
function jsLike(ts: boolean): Dialect {
  const t = (type: string) => (ts ? `: ${type}` : '');
  const params = (ps: string[]) => ps.map((p) => `${p}${t('string')}`).join(', ');
  const exported = (lines: string[]) => lines.map((l) => (/^(?:const|function|async function|class) /.test(l) ? `export ${l}` : l));
  const ext = ts ? 'ts' : 'js';
  return {
    lang: ts ? 'ts' : 'js',
    main: `src/hub-check.${ext}`,
    other: `src/hub-settings.${ext}`,
    seedBuild: 'plus',
    prelude: (v) => (v.build === 'format' ? ["import { format } from 'node:util';"] : []),
    otherFile: (lines) => exported(lines).join('\n') + '\n',
    importOther: (name) => `import { ${name} } from './hub-settings${ts ? '' : '.js'}';`,
    lit: dq,
    plus: (items) => items.join(' + '),
    template: (parts) => `\`${splice(parts, (r) => `\${${r}}`)}\``,
    format: (parts) => `format(${[dq(holes(parts, '%s')), ...refs(parts)].join(', ')})`,
    join: (sep, items) => `[${items.join(', ')}].join(${dq(sep)})`,
    concat: (items) => `[${items.join(', ')}].join('')`,
    either: (env, fallback) => `process.env.${env} || ${fallback}`,
    either2: (env, fallback) => `process.env.${env} ?? ${fallback}`,
    orElse: (given, fallback) => `${given} || ${fallback}`,
    constant: (name, value) => [`const ${name} = ${value};`, ''],
    local: (name, value) => `const ${name} = ${value};`,
    fn: (name, ps, ret, body = []) => [`function ${name}(${params(ps)})${t('string')} {`, ...indent([...body, `return ${ret};`]), '}', ''],
    proc: (name, ps, body) => [`async function ${name}(${params(ps)}) {`, ...indent(body), '}', ''],
    lambda: (name, ps, ret) => `const ${name} = (${params(ps)})${t('string')} => ${ret};`,
    callLambda: (name, args) => `${name}(${args.join(', ')})`,
    cls: (name, spec) => {
      const out = [`class ${name} {`];
      for (const [k, v] of spec.consts ?? []) out.push(`    static ${k} = ${v};`);
      if (spec.ctor?.length) {
        if (ts) for (const [k] of spec.ctor) out.push(`    readonly ${k}: string;`);
        const ps = spec.ctor.filter(([, v]) => v === null).map(([k]) => k);
        const optional = (spec.optional ?? []).map((k) => `${k}${ts ? '?: string' : ''}`);
        out.push(`    constructor(${[params(ps), ...optional].filter(Boolean).join(', ')}) {`, ...spec.ctor.map(([k, v]) => `        this.${k} = ${v ?? k};`), '    }');
      }
      for (const m of spec.methods ?? []) {
        out.push(`    ${m.isStatic ? 'static ' : ''}${m.property ? 'get ' : ''}${m.name}(${params(m.params)})${t('string')} {`, `        return ${m.ret};`, '    }');
      }
      return [...out, '}', ''];
    },
    self: (f) => `this.${f}`,
    classConst: (c, n) => `${c}.${n}`,
    newObj: (c, args) => `new ${c}(${args.join(', ')})`,
    callMethod: (o, m, args) => `${o}.${m}(${args.join(', ')})`,
    callStatic: (c, m, args) => `${c}.${m}(${args.join(', ')})`,
    readProperty: (o, p) => `${o}.${p}`,
    call: (f, args) => `${f}(${args.join(', ')})`,
    get: (u) => `await fetch(${u})`,
    request: (m, u) => `await fetch(${u}, { method: ${m} })`,
    stmt: (e) => `${e};`,
  };
}

const args = (a: string[]) => a.join(', ');

const go: Dialect = {
  lang: 'go',
  main: 'hubcheck/check.go',
  other: 'hubcheck/settings.go',
  otherBase: 'Base',
  seedBuild: 'plus',
  prelude: (v) => ['package hubcheck', '', 'import (', ...(['either', 'eitherConst', 'ctorDefault'].includes(v.base) ? ['\t"cmp"'] : []), ...(['format', 'positional', 'format2'].includes(v.build) ? ['\t"fmt"'] : []), '\t"net/http"', '\t"os"', ...(v.build === 'join' || v.build === 'concat' ? ['\t"strings"'] : []), ')', '', 'var _ = os.Getenv'],
  // Another file of the same package: its names are in scope without an import.
  otherFile: (lines) => ['package hubcheck', '', 'import "net/http"', '', 'var _ = http.Get', '', ...lines.map((l) => l.replace(/^const BASE\b/, 'const Base'))].join('\n') + '\n',
  importOther: () => null,
  lit: dq,
  plus: (items) => items.join(' + '),
  format: (parts) => `fmt.Sprintf(${args([dq(holes(parts, '%s')), ...refs(parts)])})`,
  positional: (parts) => {
    const { template, values } = numbered(parts, (i) => `%[${i + 1}]s`);
    return `fmt.Sprintf(${args([dq(template), ...values])})`;
  },
  format2: (parts) => `fmt.Sprintf(${args([dq(holes(parts, '%v')), ...refs(parts)])})`,
  join: (sep, items) => `strings.Join([]string{${args(items)}}, ${dq(sep)})`,
  concat: (items) => `strings.Join([]string{${args(items)}}, "")`,
  orElse: (given, fallback) => `cmp.Or(${given}, ${fallback})`,
  absent: '""',
  constant: (name, value) => (/^[\w.]+\(/.test(value) || value.includes('||') ? [`var ${name} = ${value}`, ''] : [`const ${name} = ${value}`, '']),
  local: (name, value) => `${name} := ${value}`,
  fn: (name, ps, ret, body = []) => [`func ${name}(${ps.join(', ')} string) string {`, ...indent([...body, `return ${ret}`], '\t'), '}', ''],
  proc: (name, ps, body) => [`func ${name}(${ps.join(', ')} string) {`, ...indent(body, '\t'), '}', ''],
  lambda: (name, ps, ret) => `${name} := func(${ps.join(', ')} string) string { return ${ret} }`,
  callLambda: (name, a) => `${name}(${args(a)})`,
  cls: (name, spec) => {
    if (spec.consts?.length) throw new NotExpressibleHere('a Go struct holds no constants');
    const fields = (spec.ctor ?? []).map(([k]) => k);
    const out = [`type ${name} struct {`, ...fields.map((f) => `\t${f} string`), '}', ''];
    {
      const ps = [...(spec.ctor ?? []).filter(([, v]) => v === null).map(([k]) => k), ...(spec.optional ?? [])];
      out.push(`func New${name}(${ps.length ? `${ps.join(', ')} string` : ''}) *${name} {`, `\treturn &${name}{${args((spec.ctor ?? []).map(([k, v]) => `${k}: ${v ?? k}`))}}`, '}', '');
    }
    for (const m of spec.methods ?? []) {
      if (m.isStatic || m.property) throw new NotExpressibleHere('Go has no static methods or properties');
      out.push(`func (h *${name}) ${m.name}(${m.params.join(', ')} string) string {`, `\treturn ${m.ret}`, '}', '');
    }
    return out;
  },
  self: (f) => `h.${f}`,
  newObj: (c, a) => `New${c}(${args(a)})`,
  callMethod: (o, m, a) => `${o}.${m}(${args(a)})`,
  call: (f, a) => `${f}(${args(a)})`,
  either: (env, fallback) => `cmp.Or(os.Getenv(${dq(env)}), ${fallback})`,
  get: (u) => `http.Get(${u})`,
  request: (m, u) => `http.NewRequest(${m}, ${u}, nil)`,
  stmt: (e) => e,
};

/** Java and C#: everything lives in classes; the module's names are a class's static members. */
function javaLike(cs: boolean): Dialect {
  const S = cs ? 'string' : 'String';
  const params = (ps: string[]) => ps.map((p) => `${S} ${p}`).join(', ');
  const final = cs ? 'const' : 'static final';
  return {
    lang: cs ? 'csharp' : 'java',
    main: cs ? 'src/HubCheck.cs' : 'src/main/java/acme/hub/HubCheck.java',
    other: cs ? 'src/HubSettings.cs' : 'src/main/java/acme/hub/HubSettings.java',
    otherBase: 'HubSettings.BASE',
    seedBuild: 'plus',
    prelude: (v) => (cs
      ? ['using System;', ...(v.build === 'format2' ? ['using System.Globalization;'] : []), 'using System.Net.Http;']
      : ['package acme.hub;', '', 'import java.net.URI;', 'import java.net.http.HttpClient;', 'import java.net.http.HttpRequest;', 'import java.net.http.HttpResponse;', 'import java.util.Objects;', ...(v.base === 'either2' ? ['import java.util.Optional;'] : []), ...(v.callable === 'lambda' ? ['import java.util.function.BiFunction;'] : [])]),
    otherFile: (lines) => [...(cs ? ['using System.Net.Http;', ''] : ['package acme.hub;', '', 'import java.net.URI;', 'import java.net.http.HttpClient;', 'import java.net.http.HttpRequest;', 'import java.net.http.HttpResponse;', '']), 'class HubSettings {', ...indent(lines.map((l) => l.replace(/^(static |public static |const |private )/, cs ? 'public $1' : 'public $1'))), '}'].join('\n') + '\n',
    importOther: () => null,
    lit: dq,
    plus: (items) => items.join(' + '),
    template: cs ? (parts) => `$"${splice(parts, (r) => `{${r}}`)}"` : undefined,
    format: (parts) => `${cs ? 'string' : 'String'}.${cs ? 'Format' : 'format'}(${args([dq(cs ? parts.map((p, i) => ('lit' in p ? p.lit : `{${refs(parts.slice(0, i)).length}}`)).join('') : holes(parts, '%s')), ...refs(parts)])})`,
    positional: (parts) => {
      const { template, values } = numbered(parts, (i) => (cs ? `{${i}}` : `%${i + 1}$s`));
      return `${cs ? 'string.Format' : 'String.format'}(${args([dq(template), ...values])})`;
    },
    format2: (parts) => (cs
      ? `string.Format(CultureInfo.InvariantCulture, ${args([dq(parts.map((p, i) => ('lit' in p ? p.lit : `{${refs(parts.slice(0, i)).length}}`)).join('')), ...refs(parts)])})`
      : `${dq(holes(parts, '%s'))}.formatted(${args(refs(parts))})`),
    join: (sep, items) => `${cs ? 'string.Join' : 'String.join'}(${args([dq(sep), ...items])})`,
    concat: (items) => (cs ? `string.Concat(${args(items)})` : `String.join("", ${args(items)})`),
    either: (env, fallback) => (cs ? `Environment.GetEnvironmentVariable(${dq(env)}) ?? ${fallback}` : `Objects.requireNonNullElse(System.getenv(${dq(env)}), ${fallback})`),
    either2: cs ? undefined : (env, fallback) => `Optional.ofNullable(System.getenv(${dq(env)})).orElse(${fallback})`,
    orElse: (given, fallback) => (cs ? `${given} ?? ${fallback}` : `Objects.requireNonNullElse(${given}, ${fallback})`),
    absent: cs ? undefined : 'null',
    constant: (name, value) => [`${/^"/.test(value) ? final : 'static readonly'.replace('readonly', cs ? 'readonly' : 'final')} ${S} ${name} = ${value};`],
    local: (name, value) => `${S} ${name} = ${value};`,
    fn: (name, ps, ret, body = []) => [`static ${S} ${name}(${params(ps)}) {`, ...indent([...body, `return ${ret};`]), '}'],
    proc: (name, ps, body) => [`static void ${name}(${params(ps)}) throws Exception {`.replace(cs ? ' throws Exception' : '', ''), ...indent(body), '}'],
    // A lambda may not reuse the parameter names of the body it is in: a static field holds it.
    lambdaAtModule: true,
    lambda: (name, ps, ret) => (cs ? `static readonly Func<${S}, ${S}, ${S}> ${name} = (${ps.join(', ')}) => ${ret};` : `static final BiFunction<${S}, ${S}, ${S}> ${name} = (${ps.join(', ')}) -> ${ret};`),
    callLambda: (name, a) => (cs ? `${name}(${args(a)})` : `${name}.apply(${args(a)})`),
    cls: (name, spec) => {
      const out = [`class ${name} {`];
      for (const [k, v] of spec.consts ?? []) out.push(`    ${cs ? 'public const' : 'static final'} ${S} ${k} = ${v};`);
      for (const [k] of spec.ctor ?? []) out.push(`    private ${cs ? 'readonly ' : 'final '}${S} ${k};`);
      if (spec.ctor?.length) {
        const ps = spec.ctor.filter(([, v]) => v === null).map(([k]) => k);
        const optional = (spec.optional ?? []).map((k) => `${S} ${k}${cs ? ' = null' : ''}`);
        out.push(`    ${cs ? 'public ' : ''}${name}(${[params(ps), ...optional].filter(Boolean).join(', ')}) {`, ...spec.ctor.map(([k, v]) => `        this.${k} = ${v ?? k};`), '    }');
      }
      for (const m of spec.methods ?? []) {
        if (m.property && !cs) {
          out.push(`    ${S} get${m.name[0].toUpperCase()}${m.name.slice(1)}() {`, `        return ${m.ret};`, '    }');
        } else if (m.property) out.push(`    public ${S} ${m.name[0].toUpperCase()}${m.name.slice(1)} => ${m.ret};`);
        else out.push(`    ${cs ? 'public ' : ''}${m.isStatic ? 'static ' : ''}${S} ${m.name}(${params(m.params)}) {`, `        return ${m.ret};`, '    }');
      }
      return [...out, '}', ''];
    },
    self: (f) => `this.${f}`,
    classConst: (c, n) => `${c}.${n}`,
    newObj: (c, a) => `new ${c}(${args(a)})`,
    callMethod: (o, m, a) => `${o}.${m}(${args(a)})`,
    callStatic: (c, m, a) => `${c}.${m}(${args(a)})`,
    readProperty: (o, p) => (cs ? `${o}.${p[0].toUpperCase()}${p.slice(1)}` : `${o}.get${p[0].toUpperCase()}${p.slice(1)}()`),
    call: (f, a) => `${f}(${args(a)})`,
    get: (u) => (cs ? `new HttpClient().GetStringAsync(${u})` : `HttpClient.newHttpClient().send(HttpRequest.newBuilder().uri(URI.create(${u})).GET().build(), HttpResponse.BodyHandlers.ofString())`),
    request: (m, u) => (cs ? `new HttpClient().SendAsync(new HttpRequestMessage(new HttpMethod(${m}), ${u}))` : `HttpClient.newHttpClient().send(HttpRequest.newBuilder().uri(URI.create(${u})).method(${m}, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString())`),
    stmt: (e) => `${e};`,
    file: (prelude, classes, module) => [...prelude, '', ...classes, 'public class HubCheck {', ...indent(module), '}'].join('\n') + '\n',
  };
}

const kotlin: Dialect = {
  lang: 'kotlin',
  main: 'src/main/kotlin/acme/hub/HubCheck.kt',
  other: 'src/main/kotlin/acme/hub/HubSettings.kt',
  seedBuild: 'template',
  prelude: () => ['package acme.hub', '', 'import okhttp3.OkHttpClient', 'import okhttp3.Request'],
  otherFile: (lines) => ['package acme.hub', '', 'import okhttp3.OkHttpClient', 'import okhttp3.Request', '', ...lines].join('\n') + '\n',
  importOther: () => null,
  lit: dq,
  plus: (items) => items.join(' + '),
  template: (parts) => `"${splice(parts, (r) => `\${${r}}`)}"`,
  format: (parts) => `${dq(holes(parts, '%s'))}.format(${args(refs(parts))})`,
  positional: (parts) => {
    const { template, values } = numbered(parts, (i) => `%${i + 1}\\$s`);
    return `"${template}".format(${args(values)})`;
  },
  format2: (parts) => `String.format(${args([dq(holes(parts, '%s')), ...refs(parts)])})`,
  join: (sep, items) => `listOf(${args(items)}).joinToString(${dq(sep)})`,
  concat: (items) => `listOf(${args(items)}).joinToString("")`,
  either: (env, fallback) => `System.getenv(${dq(env)}) ?: ${fallback}`,
  either2: (env, fallback) => `System.getenv().getOrDefault(${dq(env)}, ${fallback})`,
  orElse: (given, fallback) => `${given} ?: ${fallback}`,
  constant: (name, value) => [`${/^"/.test(value) ? 'const ' : ''}val ${name} = ${value}`, ''],
  local: (name, value) => `val ${name} = ${value}`,
  fn: (name, ps, ret, body = []) => [`fun ${name}(${ps.map((p) => `${p}: String`).join(', ')}): String {`, ...indent([...body, `return ${ret}`]), '}', ''],
  proc: (name, ps, body) => [`fun ${name}(${ps.map((p) => `${p}: String`).join(', ')}) {`, ...indent(body), '}', ''],
  lambda: (name, ps, ret) => `val ${name} = { ${ps.map((p) => `${p}: String`).join(', ')} -> ${ret} }`,
  callLambda: (name, a) => `${name}(${args(a)})`,
  cls: (name, spec) => {
    const ps = [...(spec.ctor ?? []).filter(([, v]) => v === null).map(([k]) => `val ${k}: String`), ...(spec.optional ?? []).map((k) => `${k}: String? = null`)];
    const out = [`class ${name}${ps.length ? `(${ps.join(', ')})` : ''} {`];
    for (const [k, v] of spec.ctor ?? []) if (v !== null) out.push(`    val ${k} = ${v}`);
    const statics = (spec.methods ?? []).filter((m) => m.isStatic);
    if (spec.consts?.length || statics.length) {
      out.push('    companion object {', ...(spec.consts ?? []).map(([k, v]) => `        const val ${k} = ${v}`));
      for (const m of statics) out.push(`        fun ${m.name}(${m.params.map((p) => `${p}: String`).join(', ')}): String = ${m.ret}`);
      out.push('    }');
    }
    for (const m of (spec.methods ?? []).filter((x) => !x.isStatic)) {
      if (m.property) out.push(`    val ${m.name}: String`, `        get() = ${m.ret}`);
      else out.push(`    fun ${m.name}(${m.params.map((p) => `${p}: String`).join(', ')}): String = ${m.ret}`);
    }
    return [...out, '}', ''];
  },
  self: (f) => `this.${f}`,
  classConst: (c, n) => `${c}.${n}`,
  newObj: (c, a) => `${c}(${args(a)})`,
  callMethod: (o, m, a) => `${o}.${m}(${args(a)})`,
  callStatic: (c, m, a) => `${c}.${m}(${args(a)})`,
  readProperty: (o, p) => `${o}.${p}`,
  call: (f, a) => `${f}(${args(a)})`,
  get: (u) => `OkHttpClient().newCall(Request.Builder().url(${u}).get().build()).execute()`,
  request: (m, u) => `OkHttpClient().newCall(Request.Builder().url(${u}).method(${m}, null).build()).execute()`,
  stmt: (e) => e,
};

const php: Dialect = {
  lang: 'php',
  main: 'src/check.php',
  other: 'src/settings.php',
  seedBuild: 'plus',
  prelude: () => ['<?php'],
  otherFile: (lines) => ['<?php', '', ...lines].join('\n') + '\n',
  importOther: () => "require_once __DIR__ . '/settings.php';",
  lit: (s) => `'${s}'`,
  plus: (items) => items.join(' . '),
  template: (parts) => {
    // A constant cannot be spliced into a PHP string: it is concatenated before it, as PHP code does.
    const lead = parts.length > 1 && 'ref' in parts[0] && /^[A-Z]|::/.test(parts[0].ref) ? parts[0].ref : null;
    const rest = lead ? parts.slice(1) : parts;
    const str = `"${splice(rest, (r) => `{${r}}`)}"`;
    return lead ? `${lead} . ${str}` : str;
  },
  format: (parts) => `sprintf(${args([`'${holes(parts, '%s')}'`, ...refs(parts)])})`,
  positional: (parts) => {
    const { template, values } = numbered(parts, (i) => `%${i + 1}$s`);
    return `sprintf(${args([`'${template}'`, ...values])})`;
  },
  format2: (parts) => `vsprintf('${holes(parts, '%s')}', [${args(refs(parts))}])`,
  join: (sep, items) => `implode('${sep}', [${args(items)}])`,
  concat: (items) => `implode('', [${args(items)}])`,
  either: (env, fallback) => `getenv('${env}') ?: ${fallback}`,
  either2: (env, fallback) => `$_ENV['${env}'] ?? ${fallback}`,
  orElse: (given, fallback) => `$${given} ?: ${fallback}`,
  constant: (name, value) => [/^'/.test(value) ? `const ${name} = ${value};` : `define('${name}', ${value});`, ''],
  local: (name, value) => `$${name} = ${value};`,
  fn: (name, ps, ret, body = []) => [`function ${name}(${ps.map((p) => `$${p}`).join(', ')})`, '{', ...indent([...body.map(phpVars), `return ${phpVars(ret)};`]), '}', ''],
  proc: (name, ps, body) => [`function ${name}(${ps.map((p) => `$${p}`).join(', ')})`, '{', ...indent(body.map(phpVars)), '}', ''],
  lambda: (name, ps, ret) => `$${name} = fn(${ps.map((p) => `$${p}`).join(', ')}) => ${phpVars(ret)};`,
  callLambda: (name, a) => `$${name}(${args(a)})`,
  cls: (name, spec) => {
    const out = [`class ${name}`, '{'];
    for (const [k, v] of spec.consts ?? []) out.push(`    const ${k} = ${v};`);
    for (const [k] of spec.ctor ?? []) out.push(`    private $${k};`);
    if (spec.ctor?.length) {
      const ps = [...spec.ctor.filter(([, v]) => v === null).map(([k]) => `$${k}`), ...(spec.optional ?? []).map((k) => `$${k} = null`)];
      out.push(`    public function __construct(${ps.join(', ')})`, '    {', ...spec.ctor.map(([k, v]) => `        $this->${k} = ${v ?? `$${k}`};`), '    }');
    }
    for (const m of spec.methods ?? []) {
      // PHP has no properties with getters: a getter method stands for one.
      out.push(`    public ${m.isStatic ? 'static ' : ''}function ${m.name}(${m.params.map((p) => `$${p}`).join(', ')})`, '    {', `        return ${phpVars(m.ret)};`, '    }');
    }
    return [...out, '}', ''];
  },
  self: (f) => `$this->${f}`,
  classConst: (c, n) => `${c}::${n}`,
  newObj: (c, a) => `(new ${c}(${args(a)}))`,
  callMethod: (o, m, a) => `${o}->${m}(${args(a)})`,
  callStatic: (c, m, a) => `${c}::${m}(${args(a)})`,
  readProperty: (o, p) => `${o}->${p}()`,
  call: (f, a) => `${f}(${a.map(phpVars).join(', ')})`,
  get: (u) => `file_get_contents(${u})`,
  request: (m, u) => `file_get_contents(${u}, false, stream_context_create(['http' => ['method' => ${m}]]))`,
  stmt: (e) => `${phpVars(e)};`,
};

/** The generator names values bare (`ns`, `u`, `base`); PHP's carry `$`. */
function phpVars(code: string): string {
  return code.replace(/(?<![$\w>:'"{-])\b(ns|name|u|method|host)\b(?![\w(])(?=(?:[^']*'[^']*')*[^']*$)/g, '$$$1').replace(/\{\$?(ns|name|host)\}/g, '{$$$1}');
}

const ruby: Dialect = {
  lang: 'ruby',
  main: 'lib/hub_check.rb',
  other: 'lib/hub_settings.rb',
  seedBuild: 'template',
  prelude: () => ["require 'net/http'"],
  otherFile: (lines) => ["require 'net/http'", '', ...lines].join('\n') + '\n',
  importOther: () => "require_relative 'hub_settings'",
  lit: (s) => `'${s}'`,
  plus: (items) => items.join(' + '),
  template: (parts) => `"${splice(parts, (r) => `#{${r}}`)}"`,
  format: (parts) => `format(${args([`'${holes(parts, '%s')}'`, ...refs(parts)])})`,
  positional: (parts) => {
    const { template, values } = numbered(parts, (i) => `%${i + 1}$s`);
    return `format(${args([`'${template}'`, ...values])})`;
  },
  format2: (parts) => `'${holes(parts, '%s')}' % [${args(refs(parts))}]`,
  join: (sep, items) => `[${args(items)}].join('${sep}')`,
  concat: (items) => `[${args(items)}].join`,
  either: (env, fallback) => `ENV['${env}'] || ${fallback}`,
  either2: (env, fallback) => `ENV.fetch('${env}', ${fallback})`,
  orElse: (given, fallback) => `${given} || ${fallback}`,
  constant: (name, value) => [`${name} = ${value}`, ''],
  local: (name, value) => `${name} = ${value}`,
  fn: (name, ps, ret, body = []) => [`def ${rb(name)}(${ps.join(', ')})`, ...indent([...body, ret], '  '), 'end', ''],
  proc: (name, ps, body) => [`def ${rb(name)}(${ps.join(', ')})`, ...indent(body, '  '), 'end', ''],
  lambda: (name, ps, ret) => `${rb(name)} = ->(${ps.join(', ')}) { ${ret} }`,
  callLambda: (name, a) => `${rb(name)}.call(${args(a)})`,
  cls: (name, spec) => {
    const out = [`class ${name}`];
    for (const [k, v] of spec.consts ?? []) out.push(`  ${k} = ${v}`);
    const readers = (spec.ctor ?? []).filter(([, v]) => v === null).map(([k]) => `:${k}`);
    if (readers.length) out.push(`  attr_reader ${readers.join(', ')}`);
    if (spec.ctor?.length) {
      const ps = [...spec.ctor.filter(([, v]) => v === null).map(([k]) => k), ...(spec.optional ?? []).map((k) => `${k} = nil`)];
      out.push(`  def initialize${ps.length ? `(${ps.join(', ')})` : ''}`, ...spec.ctor.map(([k, v]) => `    @${k} = ${v ?? k}`), '  end');
    }
    for (const m of spec.methods ?? []) out.push(`  def ${m.isStatic ? 'self.' : ''}${rb(m.name)}${m.params.length ? `(${m.params.join(', ')})` : ''}`, `    ${m.ret}`, '  end');
    return [...out, 'end', ''];
  },
  self: (f) => `@${f}`,
  classConst: (c, n) => `${c}::${n}`,
  newObj: (c, a) => `${c}.new${a.length ? `(${args(a)})` : ''}`,
  callMethod: (o, m, a) => `${o}.${rb(m)}(${args(a)})`,
  callStatic: (c, m, a) => `${c}.${rb(m)}(${args(a)})`,
  readProperty: (o, p) => `${o}.${p}`,
  call: (f, a) => `${rb(f)}(${args(a)})`,
  get: (u) => `Net::HTTP.get(URI(${u}))`,
  request: (m, u) => `Net::HTTP.new(URI(${u}).host).send_request(${m}, URI(${u}).path)`,
  stmt: (e) => e,
};

/** Ruby names methods in snake case. */
const rb = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const rust: Dialect = {
  lang: 'rust',
  eitherLocal: true,
  main: 'src/check.rs',
  other: 'src/settings.rs',
  seedBuild: 'format',
  prelude: (v) => (v.base === 'otherFile' || v.call === 'otherFileWrapper' ? ['mod settings;'] : []),
  otherFile: (lines) => lines.map((l) => l.replace(/^(const|fn) /, 'pub $1 ')).join('\n') + '\n',
  importOther: (name) => `use crate::settings::${name === 'fetchUrl' ? 'fetch_url' : name};`,
  lit: dq,
  plus: (items) => [`${items[0]}.to_string()`, ...items.slice(1).map((i) => (/^"/.test(i) ? i : `&${i}`))].join(' + '),
  format: (parts) => `format!(${args([dq(holes(parts, '{}')), ...refs(parts)])})`,
  // Rust 2021 captures plain names written in the braces: format!("{host}/v2/…").
  template: (parts) => {
    if (refs(parts).some((r) => !/^\w+$/.test(r))) throw new NotExpressibleHere('only plain names are captured');
    return `format!(${dq(splice(parts, (r) => `{${r}}`))})`;
  },
  positional: (parts) => {
    const { template, values } = numbered(parts, (i) => `{${i}}`);
    return `format!(${args([dq(template), ...values])})`;
  },
  join: (sep, items) => `[${args(items)}].join(${dq(sep)})`,
  concat: (items) => `[${args(items)}].concat()`,
  either: (env, fallback) => `std::env::var(${dq(env)}).unwrap_or_else(|_| ${fallback}.to_string())`,
  either2: (env, fallback) => `std::env::var(${dq(env)}).unwrap_or(${fallback}.to_string())`,
  orElse: (given, fallback) => `${given}.unwrap_or(${fallback})`,
  absent: 'None',
  constant: (name, value) => (/^"/.test(value) ? [`const ${name}: &str = ${value};`, ''] : []),
  local: (name, value) => `let ${name} = ${value};`,
  fn: (name, ps, ret, body = []) => [`fn ${rs(name)}(${ps.map((p) => `${p}: &str`).join(', ')}) -> String {`, ...indent([...body, ret]), '}', ''],
  proc: (name, ps, body) => [`fn ${rs(name)}(${ps.map((p) => `${p}: &str`).join(', ')}) {`, ...indent(body), '}', ''],
  lambda: (name, ps, ret) => `let ${rs(name)} = |${ps.map((p) => `${p}: &str`).join(', ')}| ${ret};`,
  callLambda: (name, a) => `${rs(name)}(${args(a)})`,
  cls: (name, spec) => {
    const out: string[] = [];
    const fields = (spec.ctor ?? []).map(([k]) => k);
    out.push(`struct ${name} {`, ...fields.map((f) => `    ${f}: String,`), '}', '', `impl ${name} {`);
    for (const [k, v] of spec.consts ?? []) out.push(`    const ${k}: &'static str = ${v};`);
    if (spec.ctor?.length) {
      const ps = [...spec.ctor.filter(([, v]) => v === null).map(([k]) => `${k}: &str`), ...(spec.optional ?? []).map((k) => `${k}: Option<&str>`)];
      out.push(`    fn new(${ps.join(', ')}) -> Self {`, `        ${name} { ${args(spec.ctor.map(([k, v]) => `${k}: ${v ?? k}.to_string()`))} }`, '    }');
    }
    for (const m of spec.methods ?? []) {
      if (m.property) throw new NotExpressibleHere('Rust has no properties');
      out.push(`    fn ${rs(m.name)}(${[...(m.isStatic ? [] : ['&self']), ...m.params.map((p) => `${p}: &str`)].join(', ')}) -> String {`, `        ${m.ret}`, '    }');
    }
    return [...out, '}', ''];
  },
  self: (f) => `self.${f}`,
  classConst: (c, n) => `${c}::${n}`,
  newObj: (c, a) => `${c}::new(${args(a)})`,
  callMethod: (o, m, a) => `${o}.${rs(m)}(${args(a)})`,
  callStatic: (c, m, a) => `${c}::${rs(m)}(${args(a)})`,
  call: (f, a) => `${rs(f)}(${args(a.map((x) => (/^[a-z_]+\(|^format!|^"/.test(x) || /^\w+$/.test(x) ? x : x)))})`,
  get: (u) => `reqwest::blocking::get(${u.replace(/^(?!&|")/, '&')})`,
  request: (m, u) => `reqwest::blocking::Client::new().request(reqwest::Method::from_bytes(${m}.as_bytes()).unwrap(), ${u.replace(/^(?!&|")/, '&')}).send()`,
  stmt: (e) => `let _ = ${e};`,
};

/** Rust names functions in snake case. */
const rs = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const shell: Dialect = {
  lang: 'shell',
  main: 'scripts/hub-check.sh',
  other: 'scripts/hub-settings.sh',
  seedBuild: 'template',
  prelude: () => ['#!/usr/bin/env bash', 'set -euo pipefail'],
  otherFile: (lines) => ['#!/usr/bin/env bash', '', ...lines].join('\n') + '\n',
  importOther: () => 'source "$(dirname "$0")/hub-settings.sh"',
  lit: (s) => s,
  template: (parts) => `"${splice(parts, (r) => `\${${r}}`)}"`,
  format: (parts) => `"$(printf '${holes(parts, '%s')}' ${refs(parts).map((r) => `"\${${r}}"`).join(' ')})"`,
  // Shell's words join by standing next to each other: `"${BASE}"'/v2/repositories/'"${ns}"…`.
  concat: (items) => items.map((x) => (GENERATOR_NAMES.has(x) ? `"\${${x}}"` : `'${x}'`)).join(''),
  either: (env, fallback) => `"\${${env}:-${GENERATOR_NAMES.has(fallback) ? `$${fallback}` : fallback}}"`,
  either2: (env, fallback) => `"\${${env}:=${GENERATOR_NAMES.has(fallback) ? `$${fallback}` : fallback}}"`,
  constant: (name, value) => [`${name}=${/^"/.test(value) ? value : `"${value}"`}`, ''],
  local: (name, value) => `local ${name}="${value}"`,
  fn: (name, ps, ret, body = []) => [`${name}() {`, ...indent([...ps.map((p, i) => `local ${p}="$${i + 1}"`), ...body, `echo ${ret}`], '  '), '}', ''],
  proc: (name, ps, body) => [`${name}() {`, ...indent([...ps.map((p, i) => `local ${p}="$${i + 1}"`), ...body], '  '), '}', ''],
  call: (f, a) => `"$(${f} ${a.map((x) => (GENERATOR_NAMES.has(x) ? `"\${${x}}"` : x)).join(' ')})"`,
  get: (u) => `curl -fsS ${/^["$]/.test(u) ? u : `"\${${u}}"`}`,
  request: (m, u) => `curl -fsS -X "\${${m}}" ${/^["$]/.test(u) ? u : `"\${${u}}"`}`,
  stmt: (e) => e.replace(/^"\$\((.*)\)"$/, '$1'),
};

const powershell: Dialect = {
  lang: 'powershell',
  main: 'scripts/Hub-Check.ps1',
  other: 'scripts/Hub-Settings.ps1',
  seedBuild: 'template',
  prelude: () => [],
  otherFile: (lines) => lines.join('\n') + '\n',
  importOther: () => '. "$PSScriptRoot/Hub-Settings.ps1"',
  lit: (s) => `'${s}'`,
  plus: (items) => items.map(psVar).join(' + '),
  template: (parts) => `"${parts.map((p) => ('lit' in p ? p.lit : `$(${psVar(p.ref)})`)).join('')}"`,
  format: (parts) => `('${parts.map((p, i) => ('lit' in p ? p.lit : `{${refs(parts.slice(0, i)).length}}`)).join('')}' -f ${refs(parts).map(psVar).join(', ')})`,
  positional: (parts) => {
    const { template, values } = numbered(parts, (i) => `{${i}}`);
    return `('${template}' -f ${values.map(psVar).join(', ')})`;
  },
  format2: (parts) => `[string]::Format(${[`'${parts.map((p, i) => ('lit' in p ? p.lit : `{${refs(parts.slice(0, i)).length}}`)).join('')}'`, ...refs(parts).map(psVar)].join(', ')})`,
  join: (sep, items) => `(${items.map(psVar).join(', ')}) -join '${sep}'`,
  concat: (items) => `(-join (${items.map(psVar).join(', ')}))`,
  either: (env, fallback) => `if ($env:${env}) { $env:${env} } else { ${psVar(fallback)} }`,
  either2: (env, fallback) => `$env:${env} ?? ${psVar(fallback)}`,
  orElse: (given, fallback) => `if ($${given}) { $${given} } else { ${fallback} }`,
  absent: '$null',
  constant: (name, value) => [`$${name} = ${value}`, ''],
  local: (name, value) => `$${name} = ${value}`,
  fn: (name, ps, ret, body = []) => [`function ${name}(${ps.map((p) => `$${p}`).join(', ')}) {`, ...indent([...body, `return ${ret}`]), '}', ''],
  proc: (name, ps, body) => [`function ${name}(${ps.map((p) => `$${p}`).join(', ')}) {`, ...indent(body), '}', ''],
  lambda: (name, ps, ret) => `$${name} = { param(${ps.map((p) => `$${p}`).join(', ')}) ${ret} }`,
  callLambda: (name, a) => `(& $${name} ${a.map(psVar).join(' ')})`,
  cls: (name, spec) => {
    const out = [`class ${name} {`];
    for (const [k, v] of spec.consts ?? []) out.push(`    static [string]$${k} = ${v}`);
    for (const [k] of spec.ctor ?? []) out.push(`    [string]$${k}`);
    if (spec.ctor?.length) {
      const ps = [...spec.ctor.filter(([, v]) => v === null), ...(spec.optional ?? []).map((k) => [k])].map(([k]) => `[string]$${k}`);
      out.push(`    ${name}(${ps.join(', ')}) {`, ...spec.ctor.map(([k, v]) => `        $this.${k} = ${v ?? `$${k}`}`), '    }');
    }
    for (const m of spec.methods ?? []) {
      if (m.property) throw new NotExpressibleHere('a PowerShell class has no getters');
      out.push(`    ${m.isStatic ? 'static ' : ''}[string] ${m.name}(${m.params.map((p) => `[string]$${p}`).join(', ')}) {`, `        return ${m.ret}`, '    }');
    }
    return [...out, '}', ''];
  },
  self: (f) => `$this.${f}`,
  classConst: (c, n) => `[${c}]::${n}`,
  newObj: (c, a) => `[${c}]::new(${a.map(psVar).join(', ')})`,
  callMethod: (o, m, a) => `${o}.${m}(${a.map(psVar).join(', ')})`,
  callStatic: (c, m, a) => `[${c}]::${m}(${a.map(psVar).join(', ')})`,
  call: (f, a) => `(${f} ${a.map(psVar).join(' ')})`,
  get: (u) => `Invoke-RestMethod -Uri ${psArg(u)} -Method Get`,
  request: (m, u) => `Invoke-RestMethod -Uri ${psArg(u)} -Method ${psVar(m)}`,
  stmt: (e) => e.replace(/^\((.*)\)$/, '$1'),
};

/** A bare generator name (`ns`, `base`, `BASE`) as a PowerShell variable. */
const psVar = (x: string) => (/^[A-Za-z_]\w*$/.test(x) ? `$${x}` : x);
/** A command argument: an expression other than a variable or a string is parenthesised. */
const psArg = (x: string) => (/^[A-Za-z_]\w*$|^\$\w+$|^"[^"]*"$|^'[^']*'$|^\(.*\)$/.test(x) ? psVar(x) : `(${x})`);

const groovy: Dialect = {
  lang: 'groovy',
  main: 'src/HubCheck.groovy',
  other: 'src/HubSettings.groovy',
  otherBase: 'HubSettings.BASE',
  seedBuild: 'template',
  prelude: () => [],
  otherFile: (lines) => ['class HubSettings {', ...indent(lines.map((l) => (l ? `static final String ${l.replace(/^(?:static final String |def )/, '')}` : l))), '}'].join('\n') + '\n',
  importOther: () => null,
  lit: (s) => `'${s}'`,
  plus: (items) => items.join(' + '),
  template: (parts) => `"${splice(parts, (r) => `\${${r}}`)}"`,
  format: (parts) => `String.format(${args([`'${holes(parts, '%s')}'`, ...refs(parts)])})`,
  positional: (parts) => {
    const { template, values } = numbered(parts, (i) => `%${i + 1}$s`);
    return `String.format(${args([`'${template}'`, ...values])})`;
  },
  format2: (parts) => `sprintf(${args([`'${holes(parts, '%s')}'`, ...refs(parts)])})`,
  join: (sep, items) => `[${args(items)}].join('${sep}')`,
  concat: (items) => `[${args(items)}].join('')`,
  either: (env, fallback) => `System.getenv('${env}') ?: ${fallback}`,
  either2: (env, fallback) => `System.getenv().getOrDefault('${env}', ${fallback})`,
  orElse: (given, fallback) => `${given} ?: ${fallback}`,
  constant: (name, value) => [`static final String ${name} = ${value}`, ''],
  local: (name, value) => `def ${name} = ${value}`,
  fn: (name, ps, ret, body = []) => [`static String ${name}(${ps.map((p) => `String ${p}`).join(', ')}) {`, ...indent([...body, `return ${ret}`]), '}', ''],
  proc: (name, ps, body) => [`static void ${name}(${ps.map((p) => `String ${p}`).join(', ')}) {`, ...indent(body), '}', ''],
  lambda: (name, ps, ret) => `def ${name} = { ${ps.map((p) => `String ${p}`).join(', ')} -> ${ret} }`,
  callLambda: (name, a) => `${name}(${args(a)})`,
  cls: (name, spec) => {
    const out = [`class ${name} {`];
    for (const [k, v] of spec.consts ?? []) out.push(`    static final String ${k} = ${v}`);
    for (const [k] of spec.ctor ?? []) out.push(`    String ${k}`);
    if (spec.ctor?.length) {
      const ps = [...spec.ctor.filter(([, v]) => v === null).map(([k]) => `String ${k}`), ...(spec.optional ?? []).map((k) => `String ${k} = null`)];
      out.push(`    ${name}(${ps.join(', ')}) {`, ...spec.ctor.map(([k, v]) => `        this.${k} = ${v ?? k}`), '    }');
    }
    for (const m of spec.methods ?? []) {
      const getter = m.property ? `get${m.name[0].toUpperCase()}${m.name.slice(1)}` : m.name;
      out.push(`    ${m.isStatic ? 'static ' : ''}String ${getter}(${m.params.map((p) => `String ${p}`).join(', ')}) {`, `        return ${m.ret}`, '    }');
    }
    return [...out, '}', ''];
  },
  self: (f) => `this.${f}`,
  classConst: (c, n) => `${c}.${n}`,
  newObj: (c, a) => `new ${c}(${args(a)})`,
  callMethod: (o, m, a) => `${o}.${m}(${args(a)})`,
  callStatic: (c, m, a) => `${c}.${m}(${args(a)})`,
  readProperty: (o, p) => `${o}.${p}`,
  call: (f, a) => `${f}(${args(a)})`,
  get: (u) => `new URL(${u}).text`,
  request: (m, u) => `((HttpURLConnection) new URL(${u}).openConnection()).with { requestMethod = ${m}; inputStream.text }`,
  stmt: (e) => e,
  file: (prelude, classes, module) => [...prelude, ...classes, 'class HubCheck {', ...indent(module), '}'].join('\n') + '\n',
};

const perl: Dialect = {
  lang: 'perl',
  main: 'lib/HubCheck.pm',
  other: 'lib/HubSettings.pm',
  seedBuild: 'template',
  prelude: () => ['package HubCheck;', 'use strict;', 'use warnings;', 'use LWP::UserAgent;'],
  otherFile: (lines) => ['package HubSettings;', 'use strict;', 'use LWP::UserAgent;', ...lines, '1;'].join('\n') + '\n',
  importOther: () => 'use HubSettings;',
  otherBase: '$HubSettings::BASE',
  lit: (s) => `'${s}'`,
  plus: (items) => items.map(plVar).join(' . '),
  template: (parts) => `"${parts.map((p) => ('lit' in p ? p.lit : plVar(p.ref).replace(/^\$(\w+)$/, '$${$1}').replace(/^\$self->\{(\w+)\}$/, '$self->{$1}'))).join('')}"`,
  format: (parts) => `sprintf(${args([`'${holes(parts, '%s')}'`, ...refs(parts).map(plVar)])})`,
  positional: (parts) => {
    const { template, values } = numbered(parts, (i) => `%${i + 1}$s`);
    return `sprintf(${args([`'${template}'`, ...values.map(plVar)])})`;
  },
  join: (sep, items) => `join('${sep}', ${args(items.map(plVar))})`,
  concat: (items) => `join('', ${args(items.map(plVar))})`,
  either: (env, fallback) => `$ENV{${env}} || ${plVar(fallback)}`,
  either2: (env, fallback) => `$ENV{${env}} // ${plVar(fallback)}`,
  orElse: (given, fallback) => `$${given} || ${fallback}`,
  constant: (name, value) => [`our $${name} = ${value};`, ''],
  local: (name, value) => `my $${name} = ${value};`,
  fn: (name, ps, ret, body = []) => [`sub ${name} {`, ...indent([`my (${ps.map((p) => `$${p}`).join(', ')}) = @_;`, ...body, `return ${ret};`]), '}', ''],
  proc: (name, ps, body) => [`sub ${name} {`, ...indent([`my (${ps.map((p) => `$${p}`).join(', ')}) = @_;`, ...body]), '}', ''],
  lambda: (name, ps, ret) => `my $${name} = sub { my (${ps.map((p) => `$${p}`).join(', ')}) = @_; return ${ret}; };`,
  callLambda: (name, a) => `$${name}->(${args(a.map(plVar))})`,
  cls: (name, spec) => {
    const out = [`package ${name} {`];
    for (const [k, v] of spec.consts ?? []) out.push(`    our $${k} = ${v};`);
    const fields = (spec.ctor ?? []).map(([k, v]) => `${k} => ${v === null ? `$${k}` : v}`);
    const ps = [...(spec.ctor ?? []).filter(([, v]) => v === null).map(([k]) => `$${k}`), ...(spec.optional ?? []).map((k) => `$${k}`)];
    out.push('    sub new {', `        my (${['$class', ...ps].join(', ')}) = @_;`, `        return bless { ${fields.join(', ')} }, $class;`, '    }');
    for (const m of spec.methods ?? []) {
      if (m.property) throw new NotExpressibleHere('Perl has no properties');
      out.push(`    sub ${m.name} {`, `        my (${[m.isStatic ? '$class' : '$self', ...m.params.map((p) => `$${p}`)].join(', ')}) = @_;`, `        return ${m.ret};`, '    }');
    }
    return [...out, '}', ''];
  },
  self: (f) => `$self->{${f}}`,
  classConst: (c, n) => `$${c}::${n}`,
  newObj: (c, a) => `${c}->new(${args(a.map(plVar))})`,
  callMethod: (o, m, a) => `${o}->${m}(${args(a.map(plVar))})`,
  callStatic: (c, m, a) => `${c}->${m}(${args(a.map(plVar))})`,
  call: (f, a) => `${f}(${args(a.map(plVar))})`,
  get: (u) => `LWP::UserAgent->new->get(${plVar(u)})`,
  request: (m, u) => `LWP::UserAgent->new->request(HTTP::Request->new(${plVar(m)} => ${plVar(u)}))`,
  stmt: (e) => `${e};`,
};

/** A bare generator name as a Perl scalar. */
const plVar = (x: string) => (/^[A-Za-z_]\w*$/.test(x) ? `$${x}` : x);

/** The names the generator gives values (shell: as `"${x}"`; anything else is a word). */
const GENERATOR_NAMES = new Set(['ns', 'name', 'u', 'method', 'host', 'BASE', 'DEFAULT_HUB']);

export class NotExpressibleHere extends NotExpressible {}

export const DIALECTS: Dialect[] = [python, jsLike(false), jsLike(true), go, javaLike(false), kotlin, javaLike(true), php, ruby, rust, shell, powershell, groovy, perl];
