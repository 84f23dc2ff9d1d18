import { describe, expect, it } from 'vitest';
import { lintText } from '../../src/scan/lint-file.js';
import { NO_PROJECT } from '../../src/extract/types.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { adapterNameFor } from '../../src/extract/registry.js';

const ruleSet = compileRules(builtinRules());
const lint = (file: string, text: string) => lintText(file, text, { ruleSet, context: { project: NO_PROJECT }, prefilter: () => true });
const seen = async (text: string) => (await lint('hub.R', text)).filter((f) => f.severity !== 'info').map((f) => [f.ruleId, f.line, f.method]);
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('R through the generic token lowering', () => {
  it.each([['a.R'], ['a.r']])('%s is read by the r adapter', (file) => {
    expect(adapterNameFor(file)).toBe('r');
  });

  it.each([
    ['paste0', 'base <- "https://hub.docker.com/v2"\nres <- httr::GET(paste0(base, "/repositories/", org, "/"))\n'],
    ['paste with sep', 'base = "https://hub.docker.com/v2"\nres <- GET(paste(base, "repositories", org, "", sep = "/"))\n'],
    ['file.path', 'base <<- "https://hub.docker.com/v2"\nres <- GET(file.path(base, "repositories", org, ""))\n'],
    ['sprintf', 'base <- "https://hub.docker.com/v2"\nres <- httr::GET(sprintf("%s/repositories/%s/", base, org))\n'],
    ['glue', 'base <- "https://hub.docker.com/v2"\nres <- httr::GET(glue::glue("{base}/repositories/{org}/"))\n'],
    ['a pipe', 'base <- "https://hub.docker.com/v2"\nres <- paste0(base, "/repositories/", org, "/") %>% httr::GET()\n'],
  ])('%s: a URL built from a base is the list of an owner\'s repositories, at its line', async (_, text) => {
    expect(await seen(text)).toEqual([['hub-list-repositories', 2, 'GET']]);
  });

  it('a function: its parameter takes the call sites\' arguments, its last expression is its value', async () => {
    const text = [
      'hub_base <- "https://hub.docker.com/v2"',
      'repo_url <- function(owner, name = "web") {',
      '  paste0(hub_base, "/repositories/", owner, "/", name, "/")',
      '}',
      'info <- httr::content(httr::GET(repo_url("acme")))',
      '',
    ].join('\n');
    expect(await seen(text)).toEqual([['hub-get-repository', 3, 'GET']]);
  });

  it('the method of httr\'s verb calls', async () => {
    const text = 'base <- "https://hub.docker.com/v2"\nhttr::POST(paste0(base, "/repositories/"), body = list(name = "web"), encode = "json")\nhttr::HEAD(paste0(base, "/repositories/acme/web/"))\n';
    expect(await seen(text)).toEqual([
      ['hub-create-repository', 2, 'POST'],
      ['hub-check-repository', 3, 'HEAD'],
    ]);
  });

  it('httr2: a pipeline goes on over the lines that end in a pipe; a body makes it a POST, req_method another verb', async () => {
    const text = [
      'base <- "https://hub.docker.com/v2"',
      'made <- request(paste0(base, "/repositories/")) |>',
      '  req_auth_bearer_token(jwt) %>%',
      '  req_body_json(list(namespace = "acme", name = "web")) |>',
      '  req_perform()',
      'gone <- request(paste0(base, "/repositories/acme/")) |>',
      '  req_body_json(list(reason = "cleanup")) |>',
      '  req_method("DELETE") |>',
      '  req_perform()',
      'listed <- request(paste0(base, "/repositories/acme/")) |>',
      '  req_url_query(page_size = 10) |>',
      '  req_perform()',
      '',
    ].join('\n');
    // The DELETE of a namespace is no route of the log: silent.
    expect(await seen(text)).toEqual([
      ['hub-create-repository', 2, 'POST'],
      ['hub-list-repositories', 10, 'GET'],
    ]);
  });

  it('the tags route stays silent; a commented call is info', async () => {
    const text = '# httr::GET("https://hub.docker.com/v2/repositories/acme/")\ntags <- jsonlite::fromJSON(paste0("https://hub.docker.com/v2/repositories/", org, "/", repo, "/tags?page_size=100"))\n';
    const all = await lint('hub.R', text);
    expect(all.map((f) => [f.ruleId, f.line, f.severity])).toEqual([['hub-list-repositories', lineOf(text, '# httr'), 'info']]);
  });
});
