import { readdirSync } from 'node:fs';
import { timed, timingsEnabled } from '../runtime/stage-clock.js';
import { resolve } from 'node:path';
import { ProjectResolver } from '../extract/resolve/project.js';
import { readFileFast, ReadScratch } from './read/fast-read.js';

/**
 * The file access the pure core's project resolver (extract/resolve/project.ts) gets from the
 * scan: files read on demand, when a site needs a value another file defines, also files the
 * byte prefilter passed over. In-memory files (stdin, staged content) are seen first, then the
 * disk under `cwd`; binary files and files over the size limit read as missing.
 */
export interface ProjectSource {
  cwd: string;
  maxSize: number;
  files?: ReadonlyArray<{ path: string; text: string }>;
}

/** A NUL byte this early means binary (as the read pass decides). */
const SNIFF = 8192;

export function projectResolver(source: ProjectSource): ProjectResolver {
  const memory = new Map((source.files ?? []).map((f) => [f.path, f.text]));
  const scratch = new ReadScratch();
  const resolver = new ProjectResolver({
    read(path) {
      const inMemory = memory.get(path);
      if (inMemory !== undefined) return inMemory;
      const r = timed('resolve project: read', () => readFileFast(resolve(source.cwd, path), source.maxSize, scratch));
      if ('skipped' in r || r.bytes.subarray(0, SNIFF).includes(0)) return undefined;
      return r.bytes.toString('utf8');
    },
    list(dir) {
      const here = [...memory.keys()].filter((p) => p.slice(0, p.lastIndexOf('/') === -1 ? 0 : p.lastIndexOf('/')) === (dir === '.' ? '' : dir)).map((p) => p.slice(p.lastIndexOf('/') + 1));
      try {
        const onDisk = readdirSync(resolve(source.cwd, dir), { withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name);
        return [...new Set([...here, ...onDisk])];
      } catch {
        return here;
      }
    },
    folders(dir) {
      // Folders of in-memory files too (stdin, staged content): the first name below `dir` of each path under it.
      const prefix = dir === '.' || dir === '' ? '' : `${dir}/`;
      const here = [...memory.keys()].filter((p) => p.startsWith(prefix) && p.indexOf('/', prefix.length) > 0).map((p) => p.slice(prefix.length, p.indexOf('/', prefix.length)));
      try {
        const onDisk = readdirSync(resolve(source.cwd, dir), { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => e.name);
        return [...new Set([...here, ...onDisk])];
      } catch {
        return [...new Set(here)];
      }
    },
  });
  if (!timingsEnabled()) return resolver;
  // The stage clock: cross-file queries, timed at the outermost call only (a query may ask others).
  const value = resolver.value.bind(resolver);
  let depth = 0;
  resolver.value = (query) => {
    if (depth > 0) return value(query);
    depth++;
    try {
      return timed('resolve project', () => value(query));
    } finally {
      depth--;
    }
  };
  return resolver;
}
