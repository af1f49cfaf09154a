// spec:diff: each rule on a fixture (one edit of a small base document), then the command on a small git
// repository: the base it picks, the changesets it asks for, its exit statuses.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { diffOpenApi, diffThemeSchemas, runSpecDiff } from '../spec-diff.mjs';
import { testTempDir } from '../testing/temp-dir.mjs';

const FIXTURES = path.join(import.meta.dirname, 'fixtures/spec-diff');
const readYaml = (file) => parseYaml(readFileSync(file, 'utf8'));
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Fixture name -> the rule it shows, when the file is named otherwise. */
const RULE_OF = {
  'response-field-removed': 'field-removed',
  'response-field-optional': 'field-optional',
  'parameter-default-changed': 'default-changed',
  'nested-field-removed': 'field-removed',
  'webhook-payload-field-removed': 'field-removed',
  'webhook-payload-field-added': 'field-added',
  'webhook-payload-field-optional': 'field-optional',
  'webhook-parameter-removed': 'parameter-removed',
  'webhook-response-status-removed': 'response-status-removed',
  'named-enum-member-removed': 'enum-member-removed',
  'named-field-added': 'field-added',
  'named-field-optional': 'field-optional',
  'named-field-required': 'field-required',
};
/** The fixture directories: each holds a base and files that are the base with one edit. */
const OPENAPI_DIRS = ['openapi', 'openapi-more'];

/**
 * Every rule tools/spec-diff.mjs can report, read from its source: the rule names passed to `add(breaking,
 * rule, …)` / `this.add(…)` and written as `rule: '…'`.
 */
function rulesOfTool() {
  const source = readFileSync(path.join(import.meta.dirname, '../spec-diff.mjs'), 'utf8');
  const rules = new Set();
  for (const match of source.matchAll(/\badd\(\s*[^,()]+,\s*'([a-z-]+)'/g)) rules.add(match[1]);
  for (const match of source.matchAll(/\brule: '([a-z-]+)'/g)) rules.add(match[1]);
  // `add(flag, webhook ? 'webhook-renamed' : 'operation-renamed', …)`: both names.
  for (const match of source.matchAll(/\badd\(\s*[^,()]+,\s*\w+\s*\?\s*'([a-z-]+)'\s*:\s*'([a-z-]+)'/g))
    rules.add(match[1]).add(match[2]);
  // A rule passed any other way (a variable) would escape the scan: there is none.
  const unscanned = [...source.matchAll(/(?<![.\w])(?:this\.)?add\(\s*[^,()]+,\s*([^,]+),/g)]
    .map((match) => match[1].trim())
    .filter((rule) => rule !== 'rule' && !/^'[a-z-]+'$|^\w+ \? '[a-z-]+' : '[a-z-]+'$/.test(rule));
  return { rules, unscanned };
}

/** Whether a fixture's first line says it is breaking. */
const breakingOf = (text) => /^(# |.*"\$comment": ")breaking/m.test(text);

function fixtures(dir, suffix) {
  return readdirSync(path.join(FIXTURES, dir))
    .filter((file) => file.endsWith(suffix) && !file.startsWith('base.'))
    .map((file) => file.slice(0, -suffix.length));
}

describe.each(OPENAPI_DIRS)('OpenAPI rules (%s/)', (dir) => {
  const base = readYaml(path.join(FIXTURES, dir, 'base.yaml'));
  it('finds nothing between a document and itself', () => {
    expect(diffOpenApi(base, readYaml(path.join(FIXTURES, dir, 'base.yaml')))).toEqual([]);
  });
  it.each(fixtures(dir, '.yaml'))('%s', (name) => {
    const file = path.join(FIXTURES, dir, `${name}.yaml`);
    const breaking = breakingOf(readFileSync(file, 'utf8'));
    const changes = diffOpenApi(base, readYaml(file));
    expect(changes.map((c) => c.rule)).toContain(RULE_OF[name] ?? name);
    for (const change of changes) expect(change).toMatchObject({ breaking, spec: 'openapi' });
  });
});

describe('a fixture per rule', () => {
  it('every rule the tool reports has a fixture (which the tests above run)', () => {
    const { rules, unscanned } = rulesOfTool();
    // The source scan finds the rules at all (a reworded `add` would otherwise make this test vacuous).
    expect(rules.size).toBeGreaterThanOrEqual(35);
    expect(unscanned).toEqual([]);
    const shown = new Set(
      [...OPENAPI_DIRS.flatMap((dir) => fixtures(dir, '.yaml')), ...fixtures('theme-kit', '.schema.json')].map(
        (name) => RULE_OF[name] ?? name,
      ),
    );
    expect([...rules].filter((rule) => !shown.has(rule)).sort()).toEqual([]);
    // And no fixture names a rule the tool does not have.
    expect([...shown].filter((rule) => !rules.has(rule)).sort()).toEqual([]);
  });
});

describe('webhooks and named schemas', () => {
  const base = readYaml(path.join(FIXTURES, 'openapi-more/base.yaml'));
  const read = (name) => readYaml(path.join(FIXTURES, `openapi-more/${name}.yaml`));
  it('a webhook is named by its event, and its payload changes are placed under it', () => {
    expect(diffOpenApi(base, read('webhook-removed'))).toEqual([
      expect.objectContaining({ where: 'webhook POST customer_created', rule: 'webhook-removed', breaking: true }),
    ]);
    expect(diffOpenApi(base, read('webhook-payload-field-removed'))).toEqual([
      expect.objectContaining({
        where: 'webhook POST customer_created request application/json.event',
        rule: 'field-removed',
        breaking: true,
      }),
    ]);
  });
  it('a change to a schema that operations reach is reported once, where it is first used, not again as a named schema', () => {
    // Customer is read from POST /customers and received in the customer_created payload: both are responses.
    const after = structuredClone(base);
    delete after.components.schemas.Customer.properties.created_time;
    const changes = diffOpenApi(base, after);
    expect(changes.map((c) => [c.where, c.breaking])).toEqual([
      ['POST /customers response 201 application/json.created_time', true],
    ]);
  });
  it('a schema both sent and read is compared as each: a change breaking either use breaks', () => {
    // CustomerRequest (a request body) also read in a response: a field made optional breaks its readers.
    const doc = structuredClone(base);
    doc.paths['/customers'].post.responses['201'].content['application/json'].schema = {
      $ref: '#/components/schemas/CustomerRequest',
    };
    const after = structuredClone(doc);
    after.components.schemas.CustomerRequest.required = [];
    const changes = diffOpenApi(doc, after);
    expect(changes.map((c) => [c.where, c.rule, c.breaking])).toEqual([
      ['POST /customers request application/json.email', 'field-optional', false],
      ['POST /customers response 201 application/json.email', 'field-optional', true],
    ]);
  });
  it('a named schema no operation reaches is compared on its own, once, without following its references', () => {
    const after = structuredClone(base);
    after.components.schemas.Address.properties.customer = { $ref: '#/components/schemas/Customer' };
    after.components.schemas.Address.properties.city = { type: 'integer' };
    delete after.paths;
    delete after.webhooks;
    // Customer is now reached by nothing either: compared on its own (unchanged), not through Address.
    after.components.schemas.Customer.properties.id.format = 'uuid';
    const changes = diffOpenApi(base, after);
    expect(changes.map((c) => [c.rule, c.where, c.breaking])).toEqual([
      ['operation-removed', 'POST /customers', true],
      ['webhook-removed', 'webhook POST customer_created', true],
      ['format-narrowed', '#/components/schemas/Customer.id', true],
      ['field-added', '#/components/schemas/Address.customer', false],
      ['type-narrowed', '#/components/schemas/Address.city', true],
      ['type-widened', '#/components/schemas/Address.city', true],
    ]);
  });
});

describe('theme-kit schema rules', () => {
  const base = readJson(path.join(FIXTURES, 'theme-kit/base.schema.json'));
  const asFiles = (schema) => new Map([['store.stk.config.schema.json', schema]]);
  it('finds nothing between a schema and itself', () => {
    expect(diffThemeSchemas(asFiles(base), asFiles(structuredClone(base)))).toEqual([]);
  });
  it.each(fixtures('theme-kit', '.schema.json'))('%s', (name) => {
    const file = path.join(FIXTURES, `theme-kit/${name}.schema.json`);
    const breaking = breakingOf(readFileSync(file, 'utf8'));
    const changes = diffThemeSchemas(asFiles(base), asFiles(readJson(file)));
    expect(changes.map((c) => c.rule)).toContain(RULE_OF[name] ?? name);
    for (const change of changes) expect(change).toMatchObject({ breaking, spec: 'theme-kit' });
  });
  it('a removed schema file is breaking', () => {
    expect(diffThemeSchemas(asFiles(base), new Map())).toMatchObject([{ rule: 'schema-removed', breaking: true }]);
  });
  it('the drops read by templates are output: a field removed breaks, a field made optional too', () => {
    const context = { type: 'object', required: ['a'], properties: { a: { type: 'string' }, b: { type: 'string' } } };
    const next = { type: 'object', properties: { a: { type: 'string' } } };
    const changes = diffThemeSchemas(
      new Map([['theme-context.schema.json', context]]),
      new Map([['theme-context.schema.json', next]]),
    );
    expect(changes.map((c) => [c.rule, c.breaking])).toEqual([
      ['field-removed', true],
      ['field-optional', true],
    ]);
  });
});

describe('npm run spec:diff', () => {
  const PACKAGES = ['api-types', 'api-client', 'sandbox', 'theme-config', 'theme-kit'];

  /** A repository with the five generated packages, the spec's two halves and one commit. */
  function repository() {
    const root = testTempDir('spec-diff-');
    const git = (...args) =>
      execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
      });
    for (const name of PACKAGES) {
      mkdirSync(path.join(root, 'packages', name), { recursive: true });
      writeFileSync(
        path.join(root, 'packages', name, 'package.json'),
        JSON.stringify({ name: `@commerce-kit/${name}`, version: name === 'sandbox' ? '1.2.0' : '0.3.0' }),
      );
    }
    mkdirSync(path.join(root, 'specs'));
    mkdirSync(path.join(root, '.changeset'));
    writeFileSync(path.join(root, '.changeset/README.md'), 'changesets\n');
    writeFileSync(path.join(root, 'specs/openapi.yaml'), readFileSync(path.join(FIXTURES, 'openapi/base.yaml')));
    const schemas = path.join(root, 'packages/theme-config/src/generated/schemas');
    mkdirSync(schemas, { recursive: true });
    writeFileSync(
      path.join(schemas, 'store.stk.config.schema.json'),
      readFileSync(path.join(FIXTURES, 'theme-kit/base.schema.json')),
    );
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-q', '-m', 'base');
    return { root, git };
  }

  async function run(args) {
    const out = [];
    const err = [];
    const status = await runSpecDiff(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
    return { status, out: out.join('\n'), err: err.join('\n') };
  }

  const changeset = (root, file, bumps) =>
    writeFileSync(
      path.join(root, '.changeset', file),
      `---\n${Object.entries(bumps)
        .map(([name, bump]) => `"@commerce-kit/${name}": ${bump}`)
        .join('\n')}\n---\n\nA change.\n`,
    );

  it('exits 1 on a breaking OpenAPI change without changesets, naming each package and its bump; 0 once they are added', async () => {
    const { root, git } = repository();
    writeFileSync(
      path.join(root, 'specs/openapi.yaml'),
      readFileSync(path.join(FIXTURES, 'openapi/field-required.yaml')),
    );
    git('commit', '-q', '-am', 'sku required');
    const failed = await run(['--root', root]);
    expect(failed.status).toBe(1);
    expect(failed.out).toContain('against HEAD~1');
    expect(failed.out).toMatch(
      /BREAKING .*ProductCreateRequest|BREAKING .*request application\/json\.sku: field made required/,
    );
    expect(failed.err).toContain('"@commerce-kit/api-types": minor');
    expect(failed.err).toContain('"@commerce-kit/api-client": minor');
    // 1.x: the breaking bump is major.
    expect(failed.err).toContain('"@commerce-kit/sandbox": major');
    expect(failed.err).not.toContain('theme-config');

    // A patch is not enough; an uncommitted changeset counts.
    changeset(root, 'sku-required.md', { 'api-types': 'minor', 'api-client': 'minor', sandbox: 'patch' });
    const partly = await run(['--root', root]);
    expect(partly.status).toBe(1);
    expect(partly.err).toContain('"@commerce-kit/sandbox": major (the changesets since HEAD~1 give it patch)');
    changeset(root, 'sku-required.md', { 'api-types': 'minor', 'api-client': 'minor', sandbox: 'major' });
    expect((await run(['--root', root])).status).toBe(0);
  });

  it('compares with the newest release tag when there is one, and with --base when given', async () => {
    const { root, git } = repository();
    git('tag', '@commerce-kit/theme-config@0.3.0');
    const file = path.join(root, 'packages/theme-config/src/generated/schemas/store.stk.config.schema.json');
    writeFileSync(file, readFileSync(path.join(FIXTURES, 'theme-kit/enum-member-removed.schema.json')));
    git('commit', '-q', '-am', 'one currency');
    writeFileSync(path.join(root, 'specs/openapi.yaml'), readFileSync(path.join(FIXTURES, 'openapi/field-added.yaml')));
    git('commit', '-q', '-am', 'a field');
    const tagged = await run(['--root', root]);
    expect(tagged.status).toBe(1);
    expect(tagged.out).toContain('against @commerce-kit/theme-config@0.3.0');
    expect(tagged.err).toContain('"@commerce-kit/theme-config": minor');
    expect(tagged.err).toContain('"@commerce-kit/theme-kit": minor');
    expect(tagged.err).not.toContain('api-types');
    // From the parent commit only the added field is new: nothing breaks.
    const parent = await run(['--root', root, '--base', 'HEAD~1']);
    expect(parent.status).toBe(0);
    expect(parent.out).toContain('1 change(s), 0 breaking');
  });

  it('generates the theme schemas from specs/theme-kit on both sides when it changed, generators not run', async () => {
    const { root, git } = repository();
    cpSync(path.join(import.meta.dirname, '../../specs/theme-kit'), path.join(root, 'specs/theme-kit'), {
      recursive: true,
    });
    git('add', '.');
    git('commit', '-q', '-m', 'the theme-kit interfaces');
    const file = path.join(root, 'specs/theme-kit/categories.ts');
    const spec = readFileSync(file, 'utf8');
    expect(spec).toMatch(/\n {2}sku\?: string;\n/);
    // IProductConfig loses `sku` (not committed; the committed generated schemas are left as they were).
    writeFileSync(file, spec.replace(/\n {2}sku\?: string;\n/, '\n'));
    const result = await run(['--root', root, '--base', 'HEAD']);
    expect(result.out).toContain('specs/theme-kit differs from HEAD: its schemas generated for both sides');
    // Each published schema that carries IProductConfig (the config, the mock store, the template context).
    expect(result.out).toMatch(/4 change\(s\), 4 breaking/);
    expect(result.out).toMatch(/BREAKING {2}\[theme-kit\] categories\.stk\.config\.schema\.json.*\.sku: field removed/);
    expect(result.out).toMatch(/BREAKING {2}\[theme-kit\] theme-context\.schema\.json.*\.sku: field removed/);
    expect(result.status).toBe(1);
    expect(result.err).toContain('"@commerce-kit/theme-config": minor');
    expect(result.err).not.toContain('api-types');
  }, 180_000);

  it('compares the committed schemas of a base whose specs/theme-kit the generators cannot read', async () => {
    const { root, git } = repository();
    cpSync(path.join(import.meta.dirname, '../../specs/theme-kit'), path.join(root, 'specs/theme-kit'), {
      recursive: true,
    });
    const files = path.join(root, 'specs/theme-kit/files.ts');
    const text = readFileSync(files, 'utf8');
    writeFileSync(files, 'export {};\n');
    git('add', '.');
    git('commit', '-q', '-m', 'a theme-kit spec of another age');
    writeFileSync(files, text);
    const result = await run(['--root', root, '--base', 'HEAD']);
    expect(result.out).toContain(
      'spec:diff: specs/theme-kit differs from HEAD, whose specs the generators cannot read (',
    );
    expect(result.out).toContain('): its committed schemas compared with the ones generated now');
    // The base's one committed schema (the fixture) against the generated ones: the generated files are added.
    expect(result.out).toContain('theme-context.schema.json: schema added (schema-added)');

    // The work tree's specs/theme-kit not generating is no pass: exit 1, naming the directory.
    writeFileSync(files, 'export {};\n// still to write\n');
    const broken = await run(['--root', root, '--base', 'HEAD']);
    expect(broken.status).toBe(1);
    expect(broken.err).toContain(
      `spec:diff: cannot generate the theme schemas from ${path.join(root, 'specs/theme-kit')}: `,
    );
  }, 180_000);

  it('exits 2 when --root is not a directory, not a git work tree or has no specs/, naming --root', async () => {
    const { root } = repository();
    const plain = testTempDir('spec-diff-plain-');
    const bare = testTempDir('spec-diff-nospecs-');
    execFileSync('git', ['init', '-q'], { cwd: bare });
    for (const [dir, why] of [
      [path.join(plain, 'missing'), 'no such directory'],
      [path.join(root, 'specs/openapi.yaml'), 'not a directory'],
      [plain, 'not a git work tree'],
      [bare, 'has no specs/ directory'],
    ]) {
      const result = await run(['--root', dir]);
      expect(result).toMatchObject({ status: 2, out: '' });
      expect(result.err).toContain(`--root ${dir}: ${why}`);
    }
  });

  it('exits 2 on a usage error, naming the flag', async () => {
    const { root } = repository();
    expect(await run(['--root', root, '--base', 'no-such-ref'])).toMatchObject({
      status: 2,
      err: expect.stringContaining('--base'),
    });
    expect(await run(['--root', root, '--base', ''])).toMatchObject({
      status: 2,
      err: expect.stringContaining('--base'),
    });
    expect(await run(['--root', root, '--bogus'])).toMatchObject({
      status: 2,
      err: expect.stringContaining('--bogus'),
    });
  });
});
