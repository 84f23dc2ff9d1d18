// The reference of issue 7: a plain single-threaded Node read + RegExp pass. Walks the
// folder (Dirent types, no stat; .git left out, symlinks not followed), reads every regular
// file whole with readFileSync, decodes it as UTF-8 and tests hublint's Hub host pattern.
// Prints {"files","bytes","hits"} as JSON. Usage: node bench/node-regex.mjs FOLDER
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const HUB_HOST = /hub\.docker\.com|index\.docker\.io|hub%2Edocker%2Ecom/i;
let files = 0;
let bytes = 0;
let hits = 0;

function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.git') walk(path);
    } else if (entry.isFile()) {
      const buf = readFileSync(path);
      files++;
      bytes += buf.length;
      if (HUB_HOST.test(buf.toString('utf8'))) hits++;
    }
  }
}

walk(process.argv[2] ?? '.');
process.stdout.write(`${JSON.stringify({ files, bytes, hits })}\n`);
