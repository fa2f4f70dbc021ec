#!/usr/bin/env node
// npm run check: no source file over 500 lines (docs/architecture.md, "Rules that a machine checks").
// The database schema, the migrations and the message catalogues are the exceptions: they are lists.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX = 500;
const EXEMPT = [
  /^server\/src\/core\/db\/schema\//,
  /^server\/drizzle\//,
  /^contracts\/src\/messages\//,
  /\/locales\/[a-z]{2}\.json$/,
];
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
  maxBuffer: 1 << 26,
})
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs|cjs|js)$/.test(f) && !EXEMPT.some((re) => re.test(f)));
const over = [];
for (const f of files) {
  let text;
  try {
    text = readFileSync(f, 'utf8');
  } catch {
    continue; // listed by git but deleted in the work tree
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX) over.push(`${f}: ${lines} lines`);
}
if (over.length) {
  console.error(`Source files over ${MAX} lines (split them into pieces named for what they do):`);
  for (const o of over) console.error(`  ${o}`);
  process.exit(1);
}
console.log(`No source file over ${MAX} lines (${files.length} files).`);
