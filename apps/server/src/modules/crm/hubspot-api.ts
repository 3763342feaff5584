import { z } from 'zod'

/**
 * HubSpot's documented response shapes, as far as the sync reads them. Objects are loose
 * (`z.looseObject`) so fields HubSpot adds later do not break a sync.
 */
const properties = z.record(z.string(), z.string().nullable().optional())

export const hubspotObjectSchema = z.looseObject({
  id: z.string(),
  properties: properties.default({}),
  propertiesWithHistory: z
    .record(
      z.string(),
      z.array(z.looseObject({ value: z.string().nullable(), timestamp: z.string() })),
    )
    .optional(),
  updatedAt: z.string().optional(),
  archived: z.boolean().optional(),
})

const paging = z.looseObject({ next: z.looseObject({ after: z.string() }).optional() }).optional()

export const hubspotPageSchema = z.looseObject({
  results: z.array(z.unknown()),
  paging,
})

export const hubspotPipelinesSchema = z.looseObject({
  results: z.array(
    z.looseObject({
      id: z.string(),
      label: z.string(),
      displayOrder: z.number().optional(),
      archived: z.boolean().optional(),
      stages: z.array(
        z.looseObject({
          id: z.string(),
          label: z.string(),
          displayOrder: z.number().optional(),
          archived: z.boolean().optional(),
          metadata: z
            .looseObject({ isClosed: z.string().optional(), probability: z.string().optional() })
            .optional(),
        }),
      ),
    }),
  ),
})

export const hubspotOwnerSchema = z.looseObject({
  id: z.string(),
  email: z.string().nullable().optional(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
})

export const hubspotBatchSchema = z.looseObject({ results: z.array(z.unknown()) })

export const hubspotAssociationSchema = z.looseObject({
  from: z.looseObject({ id: z.string() }),
  to: z.array(z.looseObject({ toObjectId: z.union([z.number(), z.string()]) })),
})

export const hubspotTokenSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().int().positive(),
})

export const hubspotAccountSchema = z.looseObject({
  portalId: z.union([z.number(), z.string()]),
  uiDomain: z.string().optional(),
  companyCurrency: z.string().optional(),
})

export type HubspotObject = z.infer<typeof hubspotObjectSchema>
export type HubspotPipeline = z.infer<typeof hubspotPipelinesSchema>['results'][number]
export type HubspotOwner = z.infer<typeof hubspotOwnerSchema>
