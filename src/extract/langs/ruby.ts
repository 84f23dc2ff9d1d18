import { langAdapter } from './extract.js';
import { fromVerb, verbCall } from './method-evidence.js';
import type { LanguageSpec } from './spec.js';
import { WORD } from './syntax.js';

/** Net::HTTP, HTTParty, Faraday, RestClient; `#{}` interpolation, `format`, `%`, `File.join`. */
export const rubySpec: LanguageSpec = {
  name: 'ruby',
  lineComments: ['#'],
  blockComments: [['=begin', '=end']],
  strings: [
    { open: /(?<q>")/y, escape: 'backslash', interp: 'hash', multiline: true },
    { open: /(?<q>')/y, escape: 'backslash', multiline: true },
  ],
  ident: new RegExp(`(?:@@?|\\$)?${WORD.source}`, 'y'),
  memberOps: ['.', '::', '&.'],
  concatOps: ['+'],
  assignOps: ['=', '||='],
  adjacentConcat: true,
  percentFormat: true,
  parenlessCalls: true,
  builders: [
    { callee: /^(?:format|sprintf|Kernel\.format)$/, kind: 'printf' },
    { callee: /^File\.join$/, kind: 'join' },
    { callee: /^URI\.join$/, kind: 'urljoin' },
    { callee: /^ENV\.fetch$/, kind: 'env' },
  ],
  stringMethods: [{ name: /^(?:chomp|strip|to_s|downcase|freeze)$/, kind: 'identity' }],
  envIndex: /^ENV$/,
  wrappers: /^(?:URI|URI\.parse|Addressable\.URI\.parse)$/,
  calls: [
    { callee: /(?:^|\.)HTTP\.(?<verb>Get|Head|Post|Put|Patch|Delete)\.new$/, method: fromVerb },
    verbCall('(?:_response|_form)?'),
  ],
};

export const rubyAdapter = langAdapter(rubySpec);
