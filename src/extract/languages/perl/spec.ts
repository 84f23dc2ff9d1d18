import type { LanguageSpec } from '../../langs/spec.js';
import { mirrored } from '../../langs/syntax.js';

/**
 * Perl's lexical forms for the shared tokenizer, which the Perl lowering (`languages/perl/adapter.ts`) walks.
 */
export const perlSpec: LanguageSpec = {
  name: 'perl',
  lineComments: ['#'],
  blockComments: [['=pod', '=cut'], ['=head', '=cut']],
  strings: [
    { open: /(?<q>')/y, escape: 'backslash', multiline: true },
    { open: /(?<q>")/y, escape: 'backslash', interp: 'perl', multiline: true },
    { open: /qq(?<q>[{([<|!/])/y, close: mirrored, escape: 'backslash', interp: 'perl', multiline: true },
    { open: /q(?<q>[{([<|!/])/y, close: mirrored, escape: 'backslash', multiline: true },
  ],
  ident: /[$@]?[A-Za-z_]\w*/y,
};
