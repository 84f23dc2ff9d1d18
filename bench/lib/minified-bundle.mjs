// A minified bundle of the shape a committed `dist/index.js` has (issue 34, row 1): modules
// wrapped in functions, minified by esbuild so that every scope reuses the same short names,
// with Docker Hub URLs built in several forms (a literal, a template on a base constant, a
// concatenation through a helper, a client class's method, a URL written out whole) among code that builds other paths.
import { transformSync } from 'esbuild';

/** One module of the bundle: `i` keeps its names apart, `hub` says whether it calls the Hub. */
function moduleSource(i, hub) {
  const filler = `
    function route${i}(kind, id, opts) {
      const parts = ["/api", kind, String(id)];
      if (opts && opts.sub) parts.push(opts.sub);
      return parts.join("/") + (opts && opts.query ? "?" + new URLSearchParams(opts.query) : "");
    }
    function request${i}(method, path, body) {
      const headers = { "content-type": "application/json", accept: "application/json" };
      return fetch(origin${i}() + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    }
    function origin${i}() { return typeof location === "undefined" ? "http://localhost:8080" : location.origin; }
    const store${i} = {
      list(kind, page) { return request${i}("GET", route${i}(kind, "", { query: { page: String(page) } })); },
      get(kind, id) { return request${i}("GET", route${i}(kind, id)); },
      put(kind, id, value) { return request${i}("PUT", route${i}(kind, id), value); },
      remove(kind, id) { return request${i}("DELETE", route${i}(kind, id, { sub: "" })); },
    };
    function retry${i}(fn, times) {
      return async function (...args) {
        let last;
        for (let n = 0; n < times; n++) {
          try { return await fn.apply(this, args); } catch (e) { last = e; await new Promise((r) => setTimeout(r, 50 * 2 ** n)); }
        }
        throw last;
      };
    }
    function format${i}(items) { return items.map((x, n) => n + ". " + x.name + " (" + x.path + "/" + x.id + ")").join("; "); }
    export const api${i} = { store: store${i}, retry: retry${i}, format: format${i}, route: route${i} };`;
  if (!hub) return filler;
  return `${filler}
    const HUB${i} = "https://hub.docker.com";
    function tagsUrl${i}(ns, repo) { return \`\${HUB${i}}/v2/repositories/\${ns}/\${repo}/tags?page_size=100\`; }
    export async function listTags${i}(ns, repo) { const r = await fetch(tagsUrl${i}(ns, repo)); return (await r.json()).results; }
    export function login${i}(user, pass) {
      return fetch(HUB${i} + "/v2/users/login/", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: user, password: pass }) });
    }
    export function official${i}() { return fetch("https://hub.docker.com/v2/repositories/library/alpine/").then((r) => r.json()); }
    export class Hub${i} {
      constructor(base) { this.base = base || "https://hub.docker.com/v2"; }
      get(path) { return fetch(this.base + path).then((r) => r.json()); }
      repository(ns, name) { return this.get("/repositories/" + ns + "/" + name + "/"); }
      search(q) { return fetch("https://index.docker.io/v1/search?q=" + encodeURIComponent(q)); }
    }`;
}

/** A bundle of `modules` modules (one in `hubEvery` calls the Hub), minified; ~1 KB per module. */
export function minifiedBundle(modules, hubEvery = 10) {
  const body = Array.from({ length: modules }, (_, i) => `var m${i} = (function () {${moduleSource(i, i % hubEvery === 0).replace(/export (const|function|async function|class) (\w+)/g, '$1 $2')}\n return { ${exportsOf(i, i % hubEvery === 0)} }; })();`).join('\n');
  return transformSync(`(function () {\n${body}\nmodule.exports = { ${Array.from({ length: modules }, (_, i) => `m${i}`).join(', ')} };\n})();\n`, { minify: true, loader: 'js', target: 'es2020' }).code;
}

function exportsOf(i, hub) {
  return hub ? `api${i}, listTags${i}, login${i}, official${i}, Hub${i}` : `api${i}`;
}
