import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate` (in apps/server) writes a SQL migration from the schema files. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  casing: 'snake_case',
});
