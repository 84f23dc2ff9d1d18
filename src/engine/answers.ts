import { EngineProtocolError } from './errors.js';
import type { CommitResponse, ContainerCreateResponse, ContainerWaitResponse, EngineVersion } from './types.js';

/**
 * Checks of the daemon's JSON answers where the client relies on a field. A daemon (or
 * something posing as one) that answers `null`, `[]` or a wrong type gets one clear
 * protocol error naming the request, never an undefined read further on.
 */

type Record_ = Record<string, unknown>;

function objectOf(value: unknown, what: string): Record_ {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new EngineProtocolError(`The answer to ${what} is not a JSON object (got ${kindOf(value)})`);
  }
  return value as Record_;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? 'a string' : typeof value;
}

function optionalString(record: Record_, field: string, what: string): void {
  if (record[field] !== undefined && typeof record[field] !== 'string') {
    throw new EngineProtocolError(`The answer to ${what} has a ${field} that is not a string (${kindOf(record[field])})`);
  }
}

/** GET /version: an object whose Version and ApiVersion are strings. */
export function checkVersion(value: unknown, what: string): EngineVersion {
  const record = objectOf(value, what);
  for (const field of ['Version', 'ApiVersion']) {
    if (typeof record[field] !== 'string' || record[field] === '') {
      throw new EngineProtocolError(`The answer to ${what} has no ${field}`);
    }
  }
  optionalString(record, 'MinAPIVersion', what);
  optionalString(record, 'Os', what);
  optionalString(record, 'Arch', what);
  return record as EngineVersion;
}

/** POST /containers/create: an object with a non-empty Id. */
export function checkCreate(value: unknown, what: string): ContainerCreateResponse {
  const record = objectOf(value, what);
  if (typeof record.Id !== 'string' || record.Id === '') throw new EngineProtocolError(`The answer to ${what} has no container Id`);
  const warnings = record.Warnings;
  if (warnings !== undefined && warnings !== null && !(Array.isArray(warnings) && warnings.every((w) => typeof w === 'string'))) {
    throw new EngineProtocolError(`The answer to ${what} has Warnings that are not a list of strings`);
  }
  return { ...record, Id: record.Id, Warnings: (warnings as string[] | null | undefined) ?? [] };
}

/**
 * POST /containers/{id}/wait: StatusCode must be an exit status, an integer 0–255 as a
 * process can return; "abc", 2.5, 1e10 or null are not, and must not become one.
 */
export function checkWait(value: unknown, what: string): ContainerWaitResponse {
  const record = objectOf(value, what);
  const code = record.StatusCode;
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 0 || code > 255) {
    const shown = typeof code === 'string' ? JSON.stringify(code.slice(0, 40)) : String(JSON.stringify(code) ?? 'nothing');
    throw new EngineProtocolError(`The answer to ${what} has StatusCode ${shown}, not an exit status (an integer 0-255)`);
  }
  const error = record.Error;
  if (error !== undefined && error !== null && (typeof error !== 'object' || Array.isArray(error))) {
    throw new EngineProtocolError(`The answer to ${what} has an Error that is not an object`);
  }
  return { StatusCode: code, Error: (error as ContainerWaitResponse['Error']) ?? null };
}

/** An object with a non-empty string Id (commit, exec and network create). */
export function checkId<T extends { Id: string } = CommitResponse>(value: unknown, what: string): T {
  const record = objectOf(value, what);
  if (typeof record.Id !== 'string' || record.Id === '') throw new EngineProtocolError(`The answer to ${what} has no Id`);
  return record as unknown as T;
}

/** A JSON array (list operations). */
export function checkArray<T>(value: unknown, what: string): T[] {
  if (!Array.isArray(value)) throw new EngineProtocolError(`The answer to ${what} is not a JSON array (got ${kindOf(value)})`);
  return value as T[];
}

/** Any JSON object (inspect). */
export function checkObject<T>(value: unknown, what: string): T {
  return objectOf(value, what) as T;
}
