import { ruleOf, allMatches, type PinExtractor } from './match.js';

// docker-java's RemoteApiVersion.VERSION_1_32 names the version in the identifier. It is a
// pin only where it is handed to the client's config (`withApiVersion(…)`), reported there:
// the constant is the library's, so its use is the line to change. An `import static`, a
// gate (`isGreaterOrEqual(VERSION_1_44)`) or a test fixture selector configures nothing.
const USE = /\bwithApiVersion\(\s*(?:(?:[\w.]+\.)?RemoteApiVersion\.)?(VERSION_(\d+)_(\d+))\b/gd;

export const extractRemoteApiVersion: PinExtractor = (_path, text) =>
  allMatches(USE, text).map((m) => {
    const [start, end] = m.indices![1];
    return { version: `${Number(m[2])}.${Number(m[3])}`, form: 'java', ruleId: ruleOf('java'), start, end, detail: 'withApiVersion(RemoteApiVersion)' };
  });
