// drizzle-kit: `npm run db:generate` writes a SQL migration from the difference between the
// schema (generated from the contract, plus the server's own tables) and the last migration.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./generated/server/schema.ts', './server/src/db/internal-schema.ts'],
  out: './server/src/db/migrations',
});
