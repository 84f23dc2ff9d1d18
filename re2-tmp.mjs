import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { checkSync } from 'recheck';
for (const file of process.argv.slice(2)) {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (n) => {
    if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const t = n.getText(sf); const k = t.lastIndexOf('/');
      const r = checkSync(t.slice(1, k), t.slice(k + 1).replace(/d/g, ''), { randomSeed: 17, timeout: null, incubationTimeout: null, attackTimeout: null, recallTimeout: 5000, seedingTimeout: null });
      console.log(r.status, file, t);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}
console.log('done');
