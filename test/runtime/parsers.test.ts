import { describe, expect, it } from 'vitest';
import { loadParser, type SyntaxNode } from '../../src/runtime/parsers.js';
import { walkTree } from '../../src/runtime/tree-walk.js';

describe('tree-sitter parsers', () => {
  it('parses with each grammar hublint uses, offsets in UTF-16 code units as JS strings index', async () => {
    const python = await loadParser('python');
    const text = 'note = "héllo 😀"\nurl = f"https://hub.docker.com/v2/repositories/{image}/"\n';
    const tree = python.parse(text);
    try {
      const at = text.indexOf('https');
      const node = tree.rootNode.descendantForIndex(at);
      expect(node?.type).toBe('string_content');
      expect(node?.startIndex).toBe(at);
      expect(node?.text).toBe('https://hub.docker.com/v2/repositories/');
    } finally {
      tree.delete();
    }
    for (const grammar of ['go', 'java', 'c-sharp', 'php', 'ruby', 'rust', 'bash', 'powershell'] as const) {
      const parser = await loadParser(grammar);
      const t = parser.parse('x');
      expect(t.rootNode.childCount + 1).toBeGreaterThan(0);
      t.delete();
    }
  });

  it('caches: a second load gives a working parser at once', async () => {
    const a = await loadParser('go');
    const b = await loadParser('go');
    const tree = b.parse('package p\nconst hub = "https://hub.docker.com/v2"\n');
    expect(tree.rootNode.type).toBe('source_file');
    tree.delete();
    expect(a).not.toBe(b);
  });

  it('walks a 200 KB nest of brackets without overflowing the stack or hanging', async () => {
    const python = await loadParser('python');
    const text = `x = ${'['.repeat(200_000)}`;
    const started = Date.now();
    const tree = python.parse(text);
    let visited = 0;
    let deepest = 0;
    walkTree(tree.rootNode, (_node, depth) => {
      visited++;
      deepest = Math.max(deepest, depth);
      return true;
    }, 300);
    tree.delete();
    expect(deepest).toBeLessThanOrEqual(300);
    expect(visited).toBeGreaterThan(10);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('visits in source order and skips the children a visitor declines', async () => {
    const python = await loadParser('python');
    const tree = python.parse('a = f"{b}"\nc = 1\n');
    const seen: string[] = [];
    walkTree(tree.rootNode, (node: SyntaxNode) => {
      if (node.type === 'identifier') seen.push(node.text);
      return node.type !== 'string';
    });
    tree.delete();
    expect(seen).toEqual(['a', 'c']);
  });
});
