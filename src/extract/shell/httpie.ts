import { walkOptions } from './options.js';
import { DEFAULT_GET, explicitMethod, impliedMethod, type Request } from './request.js';

// HTTPie and xh options that take a value.
const SHORT_WITH_VALUE = 'aAopsP';
const LONG_WITH_VALUE = new Set(
  (
    'auth auth-type output print session session-read-only timeout cert cert-key cert-key-pass verify proxy ' +
    'max-redirects style pretty format-options response-charset response-mime boundary raw unix-socket ssl ' +
    'ciphers history-print default-scheme max-headers bearer http-version resolve interface'
  ).split(' '),
);
// A request item: the first separator decides. `==` is a query parameter and `:` a header;
// `=`, `:=`, `@`, `=@`, `:=@` send a body, which makes the default method POST.
const ITEM = /^(?:[^=:@\\]|\\.)*?(:=@|=@|:=|==|=|@|:)/;

/** HTTPie / xh: `http [METHOD] URL [items]`; data items imply POST, otherwise GET. */
export function httpieRequests(args: readonly string[]): Request[] {
  const positional: number[] = [];
  let body = false;
  walkOptions(args, { shortWithValue: SHORT_WITH_VALUE, longWithValue: LONG_WITH_VALUE }, {
    option(name) {
      if (name === 'raw') body = true;
    },
    positional(_value, at) {
      positional.push(at);
    },
  });
  if (!positional.length) return [];
  const first = args[positional[0]];
  const hasMethod = positional.length > 1 && /^[A-Za-z]+$/.test(first) && !first.includes('.');
  const url = positional[hasMethod ? 1 : 0];
  for (const i of positional.slice(hasMethod ? 2 : 1)) {
    const sep = ITEM.exec(args[i])?.[1];
    if (sep && sep !== '==' && sep !== ':') body = true;
  }
  const method = hasMethod ? explicitMethod(first) : body ? impliedMethod('POST') : DEFAULT_GET;
  return [{ urls: [url], ...method }];
}
