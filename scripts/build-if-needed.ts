// `npm start` builds the browser app only when its sources are newer than the last build, so a
// second start is instant and a fresh checkout gets its build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'dist', 'index.html');
const SOURCES = ['src', 'common', 'generated/api', 'generated/admin', 'generated/locales', 'public', 'index.html', 'tracking.html', 'vite.config.ts', 'package-lock.json'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const sourceTime = Math.max(...SOURCES.map((p) => newest(join(root, p))));
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('Building the browser app…');
  // A production build whatever NODE_ENV the caller has (vitest sets `test`, which would make
  // Vite bundle React's development build).
  execFileSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
