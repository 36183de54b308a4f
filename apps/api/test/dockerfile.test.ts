import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The Dockerfile cannot be built on these machines: its shape is checked here, and its steps
// are run by scripts/image-check.sh (npm run image:check).

const repoRoot = path.resolve(import.meta.dirname, '../../..');

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  name: string;
  base: string;
  instructions: Instruction[];
}

/** Instructions of a Dockerfile, with line continuations joined and comments dropped. */
function parseDockerfile(text: string): Stage[] {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ') };
    if (instruction.keyword === 'FROM') {
      const [, base = '', name = ''] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args) ?? [];
      stages.push({ name: name || String(stages.length), base, instructions: [] });
    } else if (stages.length > 0) {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return stages;
}

const dockerfile = fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
const stages = parseDockerfile(dockerfile);
const runtime = stages.at(-1)!;
const stage = (name: string) => stages.find((candidate) => candidate.name === name);
const all = (from: Stage, keyword: string) => from.instructions.filter((i) => i.keyword === keyword);
/** A COPY's options, sources and destination (JSON form is not used in this file). */
const copyParts = (args: string) => {
  const words = args.split(' ');
  const options = words.filter((word) => word.startsWith('--'));
  const paths = words.filter((word) => !word.startsWith('--'));
  return { from: options.find((o) => o.startsWith('--from='))?.slice(7), sources: paths.slice(0, -1) };
};

/** A .dockerignore pattern as a regular expression over repository paths (`**`, `*`, `?`). */
const globToRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/^\//, '')
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '\u0000')
      .replace(/\*/g, '[^/]*')
      .replace(/\?/g, '[^/]')
      .replaceAll('\u0000', '(?:.*/)?')}$`,
  );
const ignored = fs
  .readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map(globToRegExp);
/** Docker leaves out a path that a pattern matches, or that lies in a folder one matches. */
const isIgnored = (file: string) =>
  file
    .split('/')
    .map((_, index, parts) => parts.slice(0, index + 1).join('/'))
    .some((prefix) => ignored.some((pattern) => pattern.test(prefix)));

describe('Dockerfile', () => {
  it('is multi-stage: dependencies, build and production dependencies apart from the runtime', () => {
    expect(stages.map((s) => s.name)).toEqual(['deps', 'build', 'prod-deps', 'runtime']);
    // Every stage starts from one pinned Node major on one Debian release.
    for (const s of stages.filter((s) => s.name !== 'build')) expect(s.base).toBe('node:${NODE_VERSION}-bookworm-slim');
    expect(dockerfile).toMatch(/^ARG NODE_VERSION=(2[2-9])$/m);
    expect(stage('build')!.base).toBe('deps');
  });

  it('runs as a non-root user from before the command', () => {
    const users = all(runtime, 'USER');
    expect(users).toHaveLength(1);
    expect(users[0]!.args).not.toMatch(/^(root|0)(:|$)/);
    const order = runtime.instructions.map((i) => i.keyword);
    expect(order.indexOf('USER')).toBeLessThan(order.indexOf('CMD'));
    expect(all(runtime, 'CMD')[0]!.args).toBe('["node", "apps/api/dist/server.js"]');
  });

  it('has a healthcheck on /api/health and listens on every interface', () => {
    const [healthcheck] = all(runtime, 'HEALTHCHECK');
    expect(healthcheck?.args).toMatch(/CMD \[.*\/api\/health.*\]$/);
    const command = JSON.parse(/CMD (\[.*\])$/.exec(healthcheck!.args)![1]!) as string[];
    expect(command.slice(0, 2)).toEqual(['node', '-e']);
    expect(all(runtime, 'ENV')[0]!.args).toMatch(/\bHOST=0\.0\.0\.0\b/);
    expect(all(runtime, 'ENV')[0]!.args).toMatch(/\bNODE_ENV=production\b/);
  });

  it('carries no development dependency into the runtime', () => {
    // The runtime takes the production install whole, and from the build only its outputs.
    const copies = all(runtime, 'COPY').map((i) => copyParts(i.args));
    expect(copies.map((c) => c.from)).toEqual(['prod-deps', 'build', 'build', 'build']);
    for (const copy of copies.filter((c) => c.from === 'build')) {
      for (const source of copy.sources) expect(source).toMatch(/^\/src\/apps\/(api\/dist|api\/profiles|web\/dist)$/);
    }
    const installs = all(stage('prod-deps')!, 'RUN').filter((i) => /\bnpm (ci|install)\b/.test(i.args));
    expect(installs).toHaveLength(1);
    expect(installs[0]!.args).toMatch(/--omit=dev/);
    expect(installs[0]!.args).toMatch(/--workspace=@ccap\/api/);
    expect(all(runtime, 'RUN').every((i) => !/\bnpm\b/.test(i.args))).toBe(true);
  });

  it('copies only paths that exist in the repository and are not excluded from the context', () => {
    const sources = stages.flatMap((s) =>
      all(s, 'COPY')
        .map((i) => copyParts(i.args))
        .filter((copy) => !copy.from)
        .flatMap((copy) => copy.sources),
    );
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources.filter((s) => s !== '.')) {
      expect(fs.existsSync(path.join(repoRoot, source)), source).toBe(true);
      expect(isIgnored(source), `${source} is excluded by .dockerignore`).toBe(false);
    }
  });

  it('installs from the manifests of every workspace, as npm ci needs', () => {
    const workspaces = (
      JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
        workspaces: string[];
      }
    ).workspaces.flatMap((pattern) =>
      pattern.endsWith('/*')
        ? fs.readdirSync(path.join(repoRoot, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`)
        : [pattern],
    );
    const manifests = workspaces
      .map((workspace) => `${workspace}/package.json`)
      .filter((file) => fs.existsSync(path.join(repoRoot, file)));
    for (const name of ['deps', 'prod-deps']) {
      const copied = all(stage(name)!, 'COPY').flatMap((i) => copyParts(i.args).sources);
      expect(copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', ...manifests]));
    }
  });

  it('keeps build outputs, dependencies and local data out of the build context', () => {
    for (const file of [
      'node_modules',
      'apps/api/node_modules',
      'apps/web/dist',
      'apps/api/dist',
      'data',
      '.env',
      '.git',
    ])
      expect(isIgnored(file), file).toBe(true);
    // The web build publishes the README (ADR 034): it is a build input.
    for (const file of ['apps/api/src/server.ts', 'apps/web/index.html', 'package-lock.json', 'README.md'])
      expect(isIgnored(file), file).toBe(false);
  });

  it('names the server bundle and the migration runner the build produces', () => {
    const build = fs.readFileSync(path.join(repoRoot, 'apps/api/build.mjs'), 'utf8');
    expect(build).toMatch(/server: 'src\/server\.ts'/);
    expect(build).toMatch(/migrate: 'src\/cli\/migrate\.ts'/);
  });
});
