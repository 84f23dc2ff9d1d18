import type { MethodSource } from '../../core/types.js';
import { hasHole } from '../../core/hole.js';

/** What a command line asks for: the URL arguments (indexes into its arguments) and the method. */
export interface Request {
  urls: number[];
  method: string | null;
  methodSource: MethodSource;
}

/** A method written out (`-X POST`): explicit, or unknown when it is a variable. */
export function explicitMethod(value: string): Pick<Request, 'method' | 'methodSource'> {
  return hasHole(value) || !/^[A-Za-z]+$/.test(value)
    ? { method: null, methodSource: 'unknown' }
    : { method: value.toUpperCase(), methodSource: 'explicit' };
}

export function impliedMethod(method: string): Pick<Request, 'method' | 'methodSource'> {
  return { method, methodSource: 'implied' };
}

export const DEFAULT_GET: Pick<Request, 'method' | 'methodSource'> = { method: 'GET', methodSource: 'default' };
