import type { Candidate } from '../core/types.js';

/** Looks up string constants defined elsewhere in the project (see extract/constants.ts). */
export interface ConstantLookup {
  get(name: string, fromFile: string): string | undefined;
  names(): Iterable<string>;
}

export interface AdapterContext {
  constants: ConstantLookup;
}

/** One language: text in, candidate URLs out. Pure; may throw (the caller contains it). */
export interface Adapter {
  name: string;
  extract(path: string, text: string, ctx: AdapterContext): Candidate[];
}

export const NO_CONSTANTS: ConstantLookup = { get: () => undefined, names: () => [] };
