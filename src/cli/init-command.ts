import { existsSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from '../core/errors.js';
import { out } from './emit.js';

const STARTER = `# hublint configuration — schema: node_modules/hublint/schema/hublint.schema.json
# yaml-language-server: $schema=node_modules/hublint/schema/hublint.schema.json

# Files to leave out: globs relative to this file's folder, wherever hublint runs (--exclude
# globs are relative to the working folder). .gitignore is respected too.
exclude:
  - "**/vendor/**"
  - "**/*.min.js"

# Severity per rule: error, warning, info or off. Run \`hublint rules\` for the list.
# A severity is for calls in code: mentions in docs and comments stay info (off turns the
# rule off everywhere); { severity: error, docs: warning } sets both.
rules:
  hub-v1-retired: error
  # hub-user-repositories: off
  # hub-search-removed: { severity: error, docs: warning }

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

/**
 * The snippets `init` prints, each a YAML document a user pastes as is; test/cli/init.test.ts
 * parses each one and runs its hublint command. The project has no public home yet, so the
 * pre-commit hook is a `repo: local` one that runs the installed package.
 */
export const SNIPPETS = {
  preCommit: `repos:
  - repo: local
    hooks:
      - id: hublint
        name: hublint
        entry: node_modules/.bin/hublint
        language: system
        types: [text]
        require_serial: true
`,
  github: `name: hublint
on: [push, pull_request]
jobs:
  hublint:
    runs-on: ubuntu-latest
    permissions:
      contents: read
      security-events: write
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: { node-version: 20 }
      - run: npm ci
      - run: npx hublint --format sarif --output hublint.sarif --report github=- .
      # Upload also when hublint exits 1: findings are what the upload is for.
      - if: always()
        uses: github/codeql-action/upload-sarif@v3
        with: { sarif_file: hublint.sarif }
`,
  gitlab: `hublint:
  image: node:20
  script:
    - npm ci
    - npx hublint --report gitlab=gl-code-quality-report.json .
  artifacts:
    when: always
    reports:
      codequality: gl-code-quality-report.json
`,
};

const indent = (text: string) => text.replace(/^(?=.)/gm, '  ');

const PRINTED = `Wrote .hublint.yaml.

pre-commit (.pre-commit-config.yaml; hublint installed as a devDependency):
${indent(SNIPPETS.preCommit)}
GitHub Actions (.github/workflows/hublint.yml):
${indent(SNIPPETS.github)}
GitLab CI (.gitlab-ci.yml):
${indent(SNIPPETS.gitlab)}`;

export function registerInitCommand(program: Command): void {
  program
    .command('init')
    .description('write a commented starter .hublint.yaml and print pre-commit and CI snippets')
    .option('--force', 'overwrite an existing .hublint.yaml')
    .action((flags: { force?: boolean }) => {
      if (existsSync('.hublint.yaml') && !flags.force) throw new UsageError('.hublint.yaml already exists (use --force to overwrite)');
      writeFileSync('.hublint.yaml', STARTER);
      out(PRINTED);
    });
}
