import { nodeCrypto } from '../runtime/builtins.js';

export function hashText(text: string): string {
  return nodeCrypto().createHash('sha256').update(text).digest('hex');
}
