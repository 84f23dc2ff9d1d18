import { nodeCrypto } from './builtins.js';

export function hashText(text: string): string {
  return nodeCrypto().createHash('sha256').update(text).digest('hex');
}
