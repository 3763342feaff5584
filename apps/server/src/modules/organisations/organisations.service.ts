import { DEFAULT_OBJECTION_TYPES } from '@dealcoach/playbooks/default-objection-types'
import { DEFAULT_PIPELINE } from '@dealcoach/playbooks/default-pipeline'
import type { Database } from '../../db/client.js'
import type { AuthUser } from '../../lib/caller.js'
import { NotFound } from '../../lib/domain-errors.js'
import type { ObjectionTypesService } from '../objections/objection-types.service.js'
import type { PipelinesService } from '../pipelines/pipelines.service.js'
import {
  findOrganisation,
  insertOrganisation,
  organisationIds,
  renameOrganisation,
} from './organisations.repository.js'

export interface OrganisationsDeps {
  db: Database
  pipelines: PipelinesService
  objectionTypes: ObjectionTypesService
}

/** An organisation (workspace) by its name. */
export interface Organisation {
  id: string
  name: string
}

/** Organisations and what a new one starts with. */
export function createOrganisationsService(deps: OrganisationsDeps) {
  const { db, pipelines, objectionTypes } = deps

  return {
    /**
     * Creates an organisation with the playbooks' default objection types and pipeline. Runs in
     * the transaction that creates its first user, so a failure leaves nothing half made, and so
     * the seeded rows share the organisation's creation time (the onboarding checklist relies on
     * it to tell seeded rows from edited ones).
     */
    async createWithDefaults(tx: Database, name: string): Promise<Organisation> {
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

    /** Every organisation's id: scheduled jobs go through them one by one. */
    ids(): Promise<string[]> {
      return organisationIds(db)
    },

    /** The caller's own organisation. */
    async get(caller: AuthUser): Promise<Organisation> {
      const row = await findOrganisation(db, caller.organisationId)
      if (!row) throw new NotFound('Organisation')
      return { id: row.id, name: row.name }
    },

    /** Renames the caller's organisation (sign-up names it after the e-mail domain). */
    async rename(caller: AuthUser, name: string): Promise<Organisation> {
      const row = await renameOrganisation(db, caller.organisationId, name)
      if (!row) throw new NotFound('Organisation')
      return { id: row.id, name: row.name }
    },
  }
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>
