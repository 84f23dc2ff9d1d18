import { existsSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from '../core/errors.js';
import { out } from './emit.js';

const STARTER = `# hublint configuration — schema: node_modules/hublint/schema/hublint.schema.json
# yaml-language-server: $schema=node_modules/hublint/schema/hublint.schema.json

# Files to leave out (globs relative to each scanned folder). .gitignore is respected too.
exclude:
  - "**/vendor/**"
  - "**/*.min.js"

# Severity per rule: error, warning, info or off. Run \`hublint rules\` for the list.
rules:
  hub-v1-retired: error
  # hub-user-repositories: off

# The severity at or above which hublint exits 1 (error, warning, info, none).
failOn: warning

# Hosts that proxy the Hub API, and variables that hold a Hub base URL.
# hubHosts: [hub-proxy.example.com]
# baseVariables: [HUB_API]

# Skip files larger than this.
maxFileSize: 5MB

# Your own deprecations, same schema as hublint's rules/hub-api.yaml.
# ruleFiles: [tools/internal-api-rules.yaml]

# Known findings to leave out while you migrate (written by \`hublint baseline\`).
# baseline: .hublint-baseline.json
`;

const SNIPPETS = `Wrote .hublint.yaml.

pre-commit (.pre-commit-config.yaml):
  repos:
    - repo: https://github.com/hublint/hublint
      rev: v0.1.0
      hooks:
        - id: hublint

GitHub Actions (.github/workflows/hublint.yml):
  - run: npx hublint --format sarif --output hublint.sarif --report github=/dev/stdout .
  - uses: github/codeql-action/upload-sarif@v3
    with: { sarif_file: hublint.sarif }

GitLab CI (.gitlab-ci.yml):
  hublint:
    script: npx hublint --report gitlab=gl-code-quality-report.json .
    artifacts:
      reports: { codequality: gl-code-quality-report.json }
`;

export function registerInitCommand(program: Command): void {
  program
    .command('init')
    .description('write a commented starter .hublint.yaml and print pre-commit and CI snippets')
    .option('--force', 'overwrite an existing .hublint.yaml')
    .action((flags: { force?: boolean }) => {
      if (existsSync('.hublint.yaml') && !flags.force) throw new UsageError('.hublint.yaml already exists (use --force to overwrite)');
      writeFileSync('.hublint.yaml', STARTER);
      out(SNIPPETS);
    });
}
