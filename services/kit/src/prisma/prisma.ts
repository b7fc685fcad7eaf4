import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool, type PoolConfig, type QueryResult, type QueryResultRow } from 'pg';

export interface PoolOptions {
  url: string;
  max?: number;
  connectionTimeoutMillis?: number;
}

/**
 * Every connection plans a prepared statement once and reuses that plan for every execution: the
 * hot statements sent with `preparedQuery` (the searches) make their choices as they run (walking
 * the newest rows before asking the GIN index), so one plan serves every value, and planning them
 * for each value cost a quarter of their CPU. Unnamed statements (Prisma's) are planned per
 * execution as always.
 */
export const CONNECTION_OPTIONS = '-c plan_cache_mode=force_generic_plan';

export function poolConfig(options: PoolOptions): PoolConfig {
  return {
    connectionString: options.url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5000,
    idleTimeoutMillis: 30_000,
    options: CONNECTION_OPTIONS,
  };
}

/** A parameterised statement, as Prisma.sql makes it. */
export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * Sends a hot statement as a named prepared statement: each connection parses, analyses and plans
 * it once, then only binds and runs it (CONNECTION_OPTIONS). A statement sent this way must run
 * well on a generic plan: its parameters' values are not seen by the planner. A name stands for
 * one text: a statement whose text varies needs a name per variant.
 */
export function preparedQuery<R extends QueryResultRow>(
  pool: Pool,
  name: string,
  statement: Statement,
): Promise<QueryResult<R>> {
  return pool.query<R>({ name, text: statement.text, values: statement.values });
}

type PgAdapter = Awaited<ReturnType<PrismaPg['connect']>>;
type PgTransaction = Awaited<ReturnType<PgAdapter['startTransaction']>>;
type SqlQuery = Parameters<PgTransaction['executeRaw']>[0];

/**
 * The pg driver adapter, with transactions that always give their connection back. Prisma 6.19
 * hands a transaction's pooled connection back only after its COMMIT or ROLLBACK statement
 * succeeded: a connection lost mid-transaction stayed checked out for good, so each database blip
 * took a connection from the pool until it was empty, and closing the pool waited forever. Here a
 * failed COMMIT or ROLLBACK releases it (pg's pool drops a connection that broke).
 */
export class ReleasingPrismaPg extends PrismaPg {
  override async connect(): Promise<PgAdapter> {
    const adapter = await super.connect();
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) =>
      releasedWhenEnded(await startTransaction(isolationLevel));
    return adapter;
  }
}

function releasedWhenEnded(transaction: PgTransaction): PgTransaction {
  let released = false;
  // The adapter's commit() and rollback() send nothing: they give the connection back.
  const giveBack = (end: () => Promise<void>) => async () => {
    if (released) return;
    released = true;
    await end();
  };
  const commit = giveBack(transaction.commit.bind(transaction));
  const rollback = giveBack(transaction.rollback.bind(transaction));
  const executeRaw = transaction.executeRaw.bind(transaction);
  transaction.commit = commit;
  transaction.rollback = rollback;
  transaction.executeRaw = async (query: SqlQuery) => {
    try {
      return await executeRaw(query);
    } catch (error) {
      if (query.sql === 'COMMIT' || query.sql === 'ROLLBACK') await rollback();
      throw error;
    }
  };
  return transaction;
}

/**
 * The driver adapter the runtime Prisma client uses: plain pg, no native query engine.
 * Pass it to a service's generated PrismaClient: `new PrismaClient({ adapter })`.
 */
export function createPrismaAdapter(options: PoolOptions): PrismaPg {
  return new ReleasingPrismaPg(poolConfig(options));
}

const PG_NAME_OID = 19;
const PG_TEXT_OID = 25;

type AnyQueryResult = QueryResult | QueryResult[];

function relabelNameColumns<T>(result: T): T {
  const results = (Array.isArray(result) ? result : [result]) as AnyQueryResult[];
  for (const item of results.flat()) {
    for (const field of item?.fields ?? []) {
      if (field.dataTypeID === PG_NAME_OID) field.dataTypeID = PG_TEXT_OID;
    }
  }
  return result;
}

function patchQuery<C extends { query: (...args: never[]) => unknown }>(client: C): void {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const outcome = original(...args);
    return outcome instanceof Promise ? outcome.then(relabelNameColumns) : outcome;
  };
}

/**
 * The migration CLI's catalog queries return Postgres `name` columns, which the pg adapter cannot
 * map (prisma/orm#27403); reading them as text is exact for identifiers.
 */
class CatalogSafePool extends Pool {
  constructor(config: PoolConfig) {
    super(config);
    patchQuery(this);
    this.on('connect', (client) => patchQuery(client));
  }
}

/** The adapter for `prisma migrate` through the WebAssembly schema engine (prisma.config.ts). */
function createMigrationAdapter(url: string): PrismaPg {
  return new PrismaPg(new CatalogSafePool({ connectionString: url, max: 2 }));
}

/**
 * What every service's prisma.config.ts gives `defineConfig`: its schema and migrations below
 * `serviceDir`, and the migration CLI running the WebAssembly schema engine through pg, so no
 * engine binary is downloaded. `databaseUrl` reads the service's config when a command connects.
 */
export function migrationConfig(serviceDir: string, databaseUrl: () => string) {
  return {
    experimental: { adapter: true },
    engine: 'js',
    schema: path.join(serviceDir, 'prisma', 'schema.prisma'),
    migrations: { path: path.join(serviceDir, 'prisma', 'migrations') },
    async adapter() {
      return createMigrationAdapter(databaseUrl());
    },
  } as const;
}
