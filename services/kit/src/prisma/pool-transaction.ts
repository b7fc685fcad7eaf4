import type { Pool, PoolClient } from 'pg';

/**
 * `work` on one pooled connection inside BEGIN … COMMIT; any error rolls back and is rethrown. For
 * a repository's hot multi-statement write on PrismaService.pool, where Prisma's interactive
 * transaction costs more CPU than the statements themselves.
 */
export async function inPoolTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // The server may end the connection between two statements (a restart, a failover, an
  // administrator): without a listener that error event would end the process. The statement
  // after it fails, the work rolls back, and the connection is not given back.
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackError) {
      // The connection itself failed: it must not go back to the pool.
      broken ??= rollbackError as Error;
    }
    throw error;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}
