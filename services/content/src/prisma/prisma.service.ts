import { prismaService } from '@probedge/kit';
import { CONTENT_CONFIG } from '../config/content-config';
import { PrismaClient } from '../generated/prisma/client';

export class PrismaService extends prismaService(PrismaClient, CONTENT_CONFIG) {}
