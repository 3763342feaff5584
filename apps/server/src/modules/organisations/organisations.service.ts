import { DEFAULT_OBJECTION_TYPES } from '@dealcoach/playbooks/default-objection-types'
import { DEFAULT_PIPELINE } from '@dealcoach/playbooks/default-pipeline'
import type { Database } from '../../db/client.js'
import type { ObjectionTypesService } from '../objections/objection-types.service.js'
import type { PipelinesService } from '../pipelines/pipelines.service.js'
import { insertOrganisation } from './organisations.repository.js'

export interface OrganisationsDeps {
  pipelines: PipelinesService
  objectionTypes: ObjectionTypesService
}

/** A new organisation as sign-up needs it. */
export interface NewOrganisation {
  id: string
  name: string
}

/** Organisations and what a new one starts with. */
export function createOrganisationsService(deps: OrganisationsDeps) {
  const { pipelines, objectionTypes } = deps

  return {
    /**
     * Creates an organisation with the playbooks' default objection types and pipeline. Runs in
     * the transaction that creates its first user, so a failure leaves nothing half made, and so
     * the seeded rows share the organisation's creation time (the onboarding checklist relies on
     * it to tell seeded rows from edited ones).
     */
    async createWithDefaults(tx: Database, name: string): Promise<NewOrganisation> {
      const organisation = await insertOrganisation(tx, name)
      await objectionTypes.createFromTemplates(
        tx,
        organisation.id,
        DEFAULT_OBJECTION_TYPES,
        'system',
      )
      await pipelines.createFromTemplate(tx, organisation.id, DEFAULT_PIPELINE)
      return { id: organisation.id, name: organisation.name }
    },
  }
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>
