import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { createPrismaAdapter, createRedis } from '@probedge/kit';
import { QUEUES } from '@probedge/proto';
import { loadNewsConfig, type NewsConfig } from './config/env';
import { PrismaClient } from './generated/prisma/client';
import { enqueueRerun, openIngestionQueue } from './ingestion/ingestion.queue';
import { SiteIndexModule } from './site-index/site-index.providers';
import { SiteIndexSync, type SiteIndexReport } from './site-index/site-index.sync';

export const USAGE = [
  'usage: node dist/cli.js ingest-now [--source <source id>]',
  '       node dist/cli.js index-site',
].join('\n');

/** A mistake in how the CLI was called: usage is printed and the exit code is 2. */
export class UsageError extends Error {}

export interface IngestNowArgs {
  command: 'ingest-now';
  sourceId?: string;
}

export interface IndexSiteArgs {
  command: 'index-site';
}

export type CliArgs = IngestNowArgs | IndexSiteArgs;

export function parseArgs(argv: string[]): CliArgs {
  const [command, ...rest] = argv;
  if (command === 'index-site') {
    if (rest.length > 0) throw new UsageError(`unknown argument "${rest[0]}"`);
    return { command };
  }
  if (command !== 'ingest-now') {
    throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  }
  const args: IngestNowArgs = { command };
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index]!;
    const inline = /^--source=(.*)$/.exec(arg);
    if (arg !== '--source' && !inline) throw new UsageError(`unknown argument "${arg}"`);
    if (args.sourceId !== undefined) throw new UsageError('--source is given twice');
    const value = inline ? inline[1] : rest[++index];
    if (!value || value.startsWith('--')) throw new UsageError('--source needs a source id');
    args.sourceId = value;
  }
  return args;
}

/** The source must exist, so a typo is answered now rather than by a failed job later. */
async function assertSourceExists(config: NewsConfig, sourceId: string): Promise<void> {
  const prisma = new PrismaClient({
    adapter: createPrismaAdapter({ url: config.DATABASE_URL, max: 1 }),
  });
  try {
    const found = await prisma.source.findUnique({ where: { id: sourceId } });
    if (found) return;
    const known = await prisma.source.findMany({ select: { id: true }, orderBy: { id: 'asc' } });
    throw new UsageError(
      `unknown source "${sourceId}"; known sources: ${known.map((source) => source.id).join(', ') || 'none'}`,
    );
  } finally {
    await prisma.$disconnect();
  }
}

/**
 * `ingest-now`: queues a re-run of ingestion on the news-ingestion queue, for every source or one,
 * whatever their next check time or backoff. A running news worker picks it up; prints the job id.
 */
export async function ingestNow(config: NewsConfig, args: IngestNowArgs): Promise<string> {
  if (args.sourceId !== undefined) await assertSourceExists(config, args.sourceId);
  const connection = createRedis({ url: config.REDIS_URL });
  const queue = openIngestionQueue(connection, config);
  try {
    return await enqueueRerun(queue, new Date(), args.sourceId);
  } finally {
    await queue.close().catch(() => undefined);
    connection.disconnect();
  }
}

/**
 * `index-site`: copies content's guides and blogs into the search index now, as the worker does
 * every NEWS_SITE_INDEX_INTERVAL_SECONDS (after a content sync, say); prints what it did.
 */
export async function indexSite(config: NewsConfig): Promise<SiteIndexReport> {
  const context = await NestFactory.createApplicationContext(SiteIndexModule.forRoot(config), {
    logger: ['error'],
  });
  try {
    return await context.get(SiteIndexSync).pull();
  } finally {
    await context.close();
  }
}

export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let command = 'news cli';
  try {
    const args = parseArgs(argv);
    command = args.command;
    const config = loadNewsConfig(env);
    if (args.command === 'index-site') {
      const report = await indexSite(config);
      process.stdout.write(
        report.status === 'replaced'
          ? `site documents replaced: ${report.documents}\n`
          : 'site documents unchanged\n',
      );
      return 0;
    }
    const jobId = await ingestNow(config, args);
    process.stderr.write(
      `queued ${jobId} on ${QUEUES.newsIngestion} (${args.sourceId ? `source ${args.sourceId}` : 'every source'})\n`,
    );
    process.stdout.write(`${jobId}\n`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof UsageError) {
      process.stderr.write(`${message}\n${USAGE}\n`);
      return 2;
    }
    process.stderr.write(`${command} failed: ${message}\n`);
    return 1;
  }
}

if (require.main === module) {
  void main(process.argv.slice(2), process.env).then((code) => process.exit(code));
}
