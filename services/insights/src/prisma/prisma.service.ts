import { prismaService } from '@probedge/kit';
import { INSIGHTS_CONFIG } from '../config/env';
import { PrismaClient } from '../generated/prisma/client';

export class PrismaService extends prismaService(PrismaClient, INSIGHTS_CONFIG) {}
