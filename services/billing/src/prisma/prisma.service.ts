import { prismaService } from '@probedge/kit';
import { BILLING_CONFIG } from '../config/billing-config';
import { PrismaClient } from '../generated/prisma/client';

export class PrismaService extends prismaService(PrismaClient, BILLING_CONFIG) {}
