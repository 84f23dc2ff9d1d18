import { langAdapter } from './extract.js';
import { firstOf, fixed, fromFollowing, methodArgCall, verbCall, type MethodFrom } from './method-evidence.js';
import type { LanguageSpec } from './spec.js';
import { C_COMMENTS, NOTHING } from './syntax.js';

/** A cURL handle's method is set by later curl_setopt calls, up to the request itself. */
const curlMethod: MethodFrom = firstOf(
  fromFollowing(/curl_exec|curl_close|curl_init/, [
    { re: /CURLOPT_CUSTOMREQUEST\s*(?:,|=>)\s*([^,)\]\n]+)/ },
    { re: /CURLOPT_NOBODY\s*(?:,|=>)\s*(?:true|1)\b/i, method: 'HEAD', source: 'implied' },
    { re: /CURLOPT_POST\s*(?:,|=>)\s*(?:true|1)\b/i, method: 'POST' },
    { re: /CURLOPT_POSTFIELDS\b/, method: 'POST', source: 'implied' },
  ]),
  fixed('GET', 'default'),
);

/** cURL, Guzzle, Laravel's Http, file_get_contents; `.` concatenation and `"$x"`/`"{$x}"`. */
export const phpSpec: LanguageSpec = {
  name: 'php',
  lineComments: ['//', '#'],
  // Template text between `?>` and `<?php` is not code; its URLs are scanned like a comment's.
  blockComments: [...C_COMMENTS.blockComments, ['?>', '<?php']],
  strings: [
    { open: /(?<q>')/y, escape: 'backslash', multiline: true },
    { open: /(?<q>")/y, escape: 'backslash', interp: 'php', multiline: true },
  ],
  ident: /\$?[A-Za-z_]\w*/y,
  memberOps: ['->', '?->', '::'],
  concatOps: ['.'],
  assignOps: ['='],
  builders: [
    { callee: /^sprintf$/, kind: 'printf' },
    { callee: /^(?:getenv|env)$/, kind: 'env' },
    { callee: /^(?:rtrim|trim|strtolower)$/, kind: 'identity' },
  ],
  envIndex: /^\$_(?:ENV|SERVER)$/,
  wrappers: NOTHING,
  calls: [
    { callee: /^curl_init$/, method: curlMethod },
    { callee: /^curl_setopt$/, url: { at: 2 }, method: curlMethod },
    { callee: /^curl_setopt_array$/, url: { at: 1 }, method: curlMethod },
    methodArgCall(/(?:^|\.)request(?:Async)?$/),
    methodArgCall(/^new Request$/),
    verbCall('(?:Async)?'),
    { callee: /^(?:file_get_contents|fopen|get_headers)$/, method: fixed('GET', 'default') },
  ],
};

export const phpAdapter = langAdapter(phpSpec);
