// The seed, as main.ts calls it on every start:
// - seedReference: the reference rows the product needs (idempotent, adds only what is missing);
// - ensureFirstAdmin: an administrator exists;
// - seedDemo: a demo Kurban season, into a database without accounts only.
export { seedReference } from './reference.ts';
export { ensureFirstAdmin } from './admin.ts';
export { seedDemo } from './demo.ts';
