// Once per run, before any browser test: the browser app must be built (dist/), since the
// server under test serves it. `build-if-needed` builds only when the sources are newer.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-if-needed.ts'], { cwd: root, stdio: 'inherit' });
}
