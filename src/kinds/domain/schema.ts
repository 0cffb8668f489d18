// The Domain manifest spec: a description and the environments the domain may use (by name).
import { z } from 'zod';

export const domainSpec = z
  .object({
    description: z.string().optional().describe('Free text shown in the platform UI.'),
    environments: z
      .array(z.string().min(1))
      .default([])
      .describe('Names of the environments whose compute and storage the domain may use (a set).'),
  })
  .strict()
  .describe('A domain: the unit of access for pipelines and sources.');

export type DomainSpec = z.infer<typeof domainSpec>;
