import { prismaService } from '@probedge/kit';
import { NEWS_CONFIG } from '../config/news-config';
import { PrismaClient } from '../generated/prisma/client';

export class PrismaService extends prismaService(PrismaClient, NEWS_CONFIG) {}
