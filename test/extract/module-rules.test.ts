import { describe, expect, it } from 'vitest';
import { groovyImports, importsFromText, rustImports, targetsOf } from '../../src/extract/resolve/module-rules.js';
import type { ModuleFs } from '../../src/extract/resolve/modules.js';

/** A project of in-memory files (paths as the scan names them). */
function fsOf(files: Record<string, string>): ModuleFs {
  const dirOf = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf('/'))) || '.';
  return {
    has: (p) => p in files,
    read: (p) => files[p],
    list: (d) => Object.keys(files).filter((p) => dirOf(p) === d).map((p) => p.slice(p.lastIndexOf('/') + 1)),
  };
}

describe('module rules of Rust, Perl and Groovy (issue 30, class 3)', () => {
  it('reads Rust mod and use declarations, grouped, aliased, globbed and over lines', () => {
    const text = ['mod settings;', 'pub(crate) use crate::conf::{', '    HUB as ROOT,', '    nested::{API, self},', '};', 'use super::base::*;', '// use crate::ignored;', 'fn f() {}'].join('\n');
    const got = rustImports(text);
    expect(got).toContainEqual({ local: 'settings', module: 'self::settings', name: null });
    expect(got).toContainEqual({ local: 'ROOT', module: 'crate::conf', name: 'HUB' });
    expect(got).toContainEqual({ local: 'API', module: 'crate::conf::nested', name: 'API' });
    expect(got).toContainEqual({ local: 'nested', module: 'crate::conf::nested', name: null });
    expect(got).toContainEqual({ local: '*', module: 'super::base', name: '*' });
    // A name holding `as` is no alias.
    expect(rustImports('use crate::cfg::BASE_CLASS;')).toContainEqual({ local: 'BASE_CLASS', module: 'crate::cfg', name: 'BASE_CLASS' });
  });

  it('leads a Rust name to the module file its use names, from the crate root and through super::', () => {
    const fs = fsOf({ 'app/Cargo.toml': '', 'app/src/lib.rs': '', 'app/src/conf.rs': '', 'app/src/net/mod.rs': '', 'app/src/net/tags.rs': '', 'app/src/other.rs': '' });
    const main = 'app/src/net/mod.rs';
    expect(targetsOf(fs, main, 'rust', rustImports('use crate::conf::HUB as ROOT;'), 'ROOT')).toEqual([{ files: ['app/src/conf.rs'], name: 'HUB', owner: undefined }]);
    expect(targetsOf(fs, main, 'rust', rustImports('use super::conf::*;'), 'HUB')).toEqual([{ files: ['app/src/conf.rs'], name: 'HUB', owner: undefined }]);
    expect(targetsOf(fs, main, 'rust', rustImports('mod tags;'), 'BASE')).toEqual([{ files: ['app/src/net/tags.rs'], name: 'BASE', owner: undefined }]);
    expect(targetsOf(fs, 'app/src/net/tags.rs', 'rust', rustImports('use super::super::conf::Settings;'), 'Settings.BASE')).toEqual([{ files: ['app/src/conf.rs'], name: 'BASE', owner: 'Settings' }]);
    // A module the file does not name: no target.
    expect(targetsOf(fs, main, 'rust', rustImports('use crate::conf::HUB;'), 'MIRROR')).toEqual([]);
    expect(targetsOf(fs, main, 'rust', [], 'HUB')).toEqual([]);
  });

  it('leads a Perl package variable to its module file under lib/, and an imported name to the modules used', () => {
    const fs = fsOf({ 'lib/Acme/Hub/Bases.pm': '', 'lib/Acme/Hub/Shelf.pm': '', 'bin/sync.pl': '' });
    expect(targetsOf(fs, 'bin/sync.pl', 'perl', [], 'Acme.Hub.Bases.HUB')).toEqual([{ files: ['lib/Acme/Hub/Bases.pm'], name: 'HUB', owner: 'Bases' }]);
    const imports = [
      { local: 'HTTP', module: 'HTTP::Tiny', name: null },
      { local: 'HUB', module: 'Acme::Hub::Bases', name: 'HUB' },
    ];
    expect(targetsOf(fs, 'lib/Acme/Hub/Shelf.pm', 'perl', imports, 'HUB')).toEqual([{ files: ['lib/Acme/Hub/Bases.pm'], name: 'HUB' }]);
    // A CPAN module the project does not hold gives no file.
    expect(targetsOf(fs, 'bin/sync.pl', 'perl', [imports[0]], 'HUB')).toEqual([]);
  });

  it('reads Groovy imports as Java records them, and keeps a bare name to its static import', () => {
    const text = 'package acme.tags\nimport acme.conf.HubEndpoints\nimport static acme.conf.HubEndpoints.API\nimport groovy.json.JsonSlurper as Slurper\n';
    expect(groovyImports(text)).toEqual([
      { local: 'HubEndpoints', module: 'acme.conf', name: 'HubEndpoints' },
      { local: 'API', module: 'acme.conf.HubEndpoints', name: 'API' },
      { local: 'Slurper', module: 'groovy.json', name: 'JsonSlurper' },
    ]);
    const fs = fsOf({ 'src/acme/tags/Report.groovy': text, 'src/acme/conf/HubEndpoints.groovy': '', 'src/acme/tags/Other.groovy': '' });
    const imports = importsFromText('groovy', text);
    expect(targetsOf(fs, 'src/acme/tags/Report.groovy', 'groovy', imports, 'HubEndpoints.ROOT')).toEqual([{ files: ['src/acme/conf/HubEndpoints.groovy'], name: 'ROOT', owner: 'HubEndpoints' }]);
    expect(targetsOf(fs, 'src/acme/tags/Report.groovy', 'groovy', imports, 'API')).toEqual([{ files: ['src/acme/conf/HubEndpoints.groovy'], name: 'API', owner: 'HubEndpoints' }]);
    // Not the files of its folder: a Jenkinsfile's names are its own.
    expect(targetsOf(fs, 'src/acme/tags/Report.groovy', 'groovy', imports, 'host')).toEqual([]);
  });
});
