import { loadConfig, migrationConfig } from '@probedge/kit';
import { defineConfig } from 'prisma/config';
import { configShape } from './src/config/env';

export default defineConfig(migrationConfig(__dirname, () => loadConfig(configShape).DATABASE_URL));
