import { ruleOf, allMatches, type PinExtractor } from './match.js';

// docker-java's RemoteApiVersion.VERSION_1_32 names the version in the identifier.
const CONSTANT = /\bRemoteApiVersion\.(VERSION_(\d+)_(\d+))\b/gd;

export const extractRemoteApiVersion: PinExtractor = (_path, text) =>
  allMatches(CONSTANT, text).map((m) => {
    const [start, end] = m.indices![1];
    return { version: `${Number(m[2])}.${Number(m[3])}`, form: 'java', ruleId: ruleOf('java'), start, end, detail: 'RemoteApiVersion' };
  });
