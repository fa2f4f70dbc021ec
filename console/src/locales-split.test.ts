import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHELL } from './locales/catalogues';

/**
 * The shell's texts (locales/shell/*.json) are the only ones loaded before the sign-in page, the
 * event chooser and the admin layout show (issue 31, first load); every other screen's texts arrive
 * with that screen (lib/i18n.ts `lazyScreen`). So every key that a file of the shell names — the files
 * these roots import, statically, and the pieces they load on first use — must be in the shell's part
 * (or the server's catalogues, which load with it): otherwise the user would read a raw key there.
 */
const ROOTS = [
  'main.tsx',
  'app/admin-layout.tsx',
  'features/events/events/choose-event-page.tsx',
  'components/language-select-full.tsx',
  'components/notices-container.tsx',
  'components/dialogs-provider.tsx',
];
const src = __dirname;

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  return (
    [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base].find(
      (f) => /\.tsx?$/.test(f) && existsSync(f),
    ) ?? null
  );
}

/** The source files the shell runs: the roots and what they import (not `import type`, not `import()`). */
function shellFiles(): string[] {
  const seen = new Set<string>();
  const stack = ROOTS.map((r) => path.join(src, r));
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'(\.[^']+)'/gm)) {
      const next = resolve(file, m[1]!);
      if (next) stack.push(next);
    }
  }
  return [...seen];
}

/** The areas (first segment) of the keys a file names: `t('area.x')`, `` t(`area.${y}`) ``. */
const areasOf = (code: string) => [...code.matchAll(/\bt\(\s*['`]([a-zA-Z]\w*)\./g)].map((m) => m[1]!);

describe('the shell shows only the shell’s texts', () => {
  const files = shellFiles();
  const allowed = new Set([...Object.keys(SHELL.en), 'errors', 'validation']);

  it('walks the shell (sign-in page, chooser, layout, dialogs)', () => {
    const names = files.map((f) => path.relative(src, f));
    expect(names).toContain('features/access/auth/login-page.tsx');
    expect(names).toContain('lib/error-dialogs.tsx');
    expect(names).not.toContain('features/catalogue/articles/articles-page.tsx');
  });

  it('every key a shell file names is in the shell’s part of the texts', () => {
    const outside = files.flatMap((f) =>
      areasOf(readFileSync(f, 'utf8'))
        .filter((a) => !allowed.has(a))
        .map((a) => `${path.relative(src, f)}: ${a}`),
    );
    expect(outside).toEqual([]);
  });
});
