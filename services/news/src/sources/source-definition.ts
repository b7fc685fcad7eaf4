import { FEEDS } from '@probedge/proto';
import { z } from 'zod';

export const sourceDefinitionSchema = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,119}$/, 'must be lowercase letters, digits and hyphens'),
  /** What readers see the source called, e.g. "CNBC"; the id when absent. */
  name: z.string().trim().min(1).max(120).optional(),
  url: z.url({ protocol: /^https?$/ }),
  feed: z.enum(FEEDS),
  category: z.string().min(1).max(60).optional(),
  minIntervalSeconds: z.number().int().min(60).max(86_400).optional(),
});

export type SourceDefinition = z.infer<typeof sourceDefinitionSchema>;
