/**
 * Every workspace declares the packages its files import (dependencies for what runs, dev
 * dependencies for tests, benches and test helpers), so `npm ci --omit=dev` installs what
 * production loads and nothing resolves only by luck of hoisting.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const workspaces = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] })
  .workspaces;
const SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs|js)$/;
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
const builtins = new Set(builtinModules);
/** Built by a bundler into static files (web/dist): every package it imports is a build-time (dev) dependency. */
const BUNDLED = new Set(['web']);
/** Loaded only when running from source (tests, tsx): the production build replaces them (scripts/build.ts). */
const SOURCE_MODE_ONLY = new Set(['services/render/src/pool/worker-entry.mjs']);

/** Test files, benches, e2e and test helpers only need dev dependencies. */
const isDevFile = (path: string) =>
  /(^|\/)(test|tests|bench|e2e|testing)(\/|\.ts$)/.test(path) ||
  /\.test\.tsx?$/.test(path) ||
  /(^|\/)vite\.config\.ts$/.test(path) ||
  path.startsWith('build/');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : SOURCE.test(entry.name) ? [path] : [];
  });
}

function packageOf(specifier: string): string | null {
  if (
    specifier.startsWith('.') ||
    specifier.startsWith('/') ||
    specifier.startsWith('node:') ||
    // A module the build makes itself (a Vite plugin's virtual module, e.g. web/build/site-images.ts).
    specifier.startsWith('virtual:') ||
    builtins.has(specifier.split('/')[0]!)
  )
    return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

describe('workspace package.json files', () => {
  for (const workspace of workspaces) {
    it(`${workspace} declares what it imports`, () => {
      const pkg = JSON.parse(readFileSync(join(ROOT, workspace, 'package.json'), 'utf8')) as {
        name: string;
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
        peerDependencies?: Record<string, string>;
      };
      const runtime = new Set([
        ...Object.keys(pkg.dependencies ?? {}),
        ...Object.keys(pkg.peerDependencies ?? {}),
        pkg.name,
      ]);
      const all = new Set([...runtime, ...Object.keys(pkg.devDependencies ?? {})]);
      const devOnly = (rel: string) =>
        BUNDLED.has(workspace) || SOURCE_MODE_ONLY.has(`${workspace}/${rel}`) || isDevFile(rel);
      const problems: string[] = [];
      for (const file of files(join(ROOT, workspace))) {
        const rel = relative(join(ROOT, workspace), file);
        const text = readFileSync(file, 'utf8');
        for (const match of text.matchAll(IMPORT)) {
          const name = packageOf(match[1]!);
          if (!name) continue;
          if (devOnly(rel) ? !all.has(name) : !runtime.has(name))
            problems.push(`${rel} imports ${name}${devOnly(rel) ? '' : ' (needed at run time: dependencies)'}`);
        }
      }
      expect([...new Set(problems)]).toEqual([]);
    });
  }
});
