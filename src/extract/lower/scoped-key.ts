import type { Scope } from './form.js';

/** The key of a binding that holds wherever it is carried: the function's file, the function and the parameter. */
export const scopedKey = (p: { readonly file: string }, fn: Scope, name: string): string => `#${p.file}:${fn.id}:${name}`;
