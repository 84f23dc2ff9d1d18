import { walkOptions } from './options.js';
import { DEFAULT_GET, explicitMethod, impliedMethod, type Request } from './request.js';

// GNU wget: options that take a value (long ones also accept `--name value`).
const SHORT_WITH_VALUE = 'OoaPtTwUeiBlARDIXQ';
const LONG_WITH_VALUE = new Set(
  (
    'output-document output-file append-output header user-agent user password http-user http-password method ' +
    'body-data body-file post-data post-file tries timeout read-timeout connect-timeout dns-timeout wait waitretry ' +
    'directory-prefix load-cookies save-cookies ca-certificate ca-directory certificate private-key input-file ' +
    'referer execute level accept reject domains exclude-domains base bind-address limit-rate quota restrict-file-names'
  ).split(' '),
);

/** wget: `--method` is explicit; `--post-data/--post-file` imply POST, `--spider` HEAD. */
export function wgetRequests(args: readonly string[]): Request[] {
  const urls: number[] = [];
  let method: string | undefined;
  let post = false;
  let spider = false;
  walkOptions(args, { shortWithValue: SHORT_WITH_VALUE, longWithValue: LONG_WITH_VALUE }, {
    option(name, value) {
      if (name === 'method') method = value ?? '';
      else if (name === 'post-data' || name === 'post-file') post = true;
      else if (name === 'spider') spider = true;
    },
    positional(_value, at) {
      urls.push(at);
    },
  });
  if (!urls.length) return [];
  const m =
    method !== undefined ? explicitMethod(method) : post ? impliedMethod('POST') : spider ? impliedMethod('HEAD') : DEFAULT_GET;
  return [{ urls, ...m }];
}
