import { defineConfig } from 'drizzle-kit';

// Migrations are generated (`npm run db:generate`), committed, and applied by the server at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
