import { prismaService } from '@probedge/kit';
import { MARKETS_CONFIG } from '../config/env';
import { PrismaClient } from '../generated/prisma/client';

/**
 * The store of bars and instruments. Quotes never touch it, so the database is not part of
 * readiness: when it is away, answers come from the providers and the cache alone.
 */
export class PrismaService extends prismaService(PrismaClient, MARKETS_CONFIG, {
  readiness: false,
}) {}
