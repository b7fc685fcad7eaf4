import path from 'node:path';
import { createMigrationAdapter, loadConfig } from '@probedge/kit';
import { defineConfig } from 'prisma/config';
import { configShape } from './src/config/env';

// The migration CLI runs the WebAssembly schema engine through pg: no engine binary is downloaded.
export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join(__dirname, 'prisma', 'schema.prisma'),
  migrations: { path: path.join(__dirname, 'prisma', 'migrations') },
  async adapter() {
    return createMigrationAdapter(loadConfig(configShape).DATABASE_URL);
  },
});
