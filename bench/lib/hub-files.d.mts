/** `n` JS files of ~19 KB, each naming the Hub in its own namespace (see hub-files.mjs): file name to text. */
export function hubFiles(n: number): Record<string, string>;
