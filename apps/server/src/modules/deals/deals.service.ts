import type {
  CreateDealBody,
  DealInclude,
  DealOrder,
  UpdateDealBody,
} from '@dealcoach/contracts/deals'
import type { DealFacts } from '@dealcoach/contracts/intelligence'
import type { FilterClause } from '@dealcoach/contracts/list-query'
import type { Database } from '../../db/client.js'
import type { AuthUser } from '../../lib/caller.js'
import { Forbidden, Invalid, NotFound } from '../../lib/domain-errors.js'
import type { PageOf, PageRequest } from '../../lib/pagination.js'
import {
  countDealsByStage,
  countPipelineDeals,
  type DealContactRow,
  type DealInsert,
  type DealRow,
  deleteDealRow,
  findDeal,
  insertDeal,
  insertStageChange,
  keepStageNamesInHistory,
  listDealContactRows,
  mergeStageInto,
  organisationHasDeals,
  setDealConfidence,
  touchLastActivity,
  updateDealRow,
} from './deals.repository.js'
import {
  findOrganisationUsers,
  findStage,
  isOrganisationPipeline,
} from './deal-lookups.repository.js'
import { addNamedContacts, replaceContacts } from './deal-contacts.js'
import { changesAnalysedColumns, replaceAnalysedContacts } from './deal-analysed-facts.js'
import { type DealWithIncludes, withIncludes } from './deal-includes.js'
import { type ListedDealRow, listDealRows } from './deal-list.repository.js'
import { dealFacts } from './deal-facts.js'

export type { DealContactRow, DealRow } from './deals.repository.js'
export type { DealAssessmentSummaryRow, DealWithIncludes } from './deal-includes.js'
export type { ListedDealRow } from './deal-list.repository.js'

/** The deal list's query once parsed: filters in the grammar's form, order, page and includes. */
export interface DealListQuery {
  clauses: FilterClause[]
  order?: DealOrder
  page: PageRequest
  includes: readonly DealInclude[]
}

const notFound = () => new NotFound('Deal')

/** What this module asks of the analysis module (its service, wired in services.ts). */
export interface DealReanalysis {
  /** Re-analyses the deal in `tx` if it has evidence to analyse. */
  requestForDealChange(
    tx: Database,
    deal: { organisationId: string; dealId: string },
  ): Promise<void>
}

export interface DealsDeps {
  db: Database
  analysis: DealReanalysis
}

/**
 * Deals and their stage history (DESIGN §4: this module owns deals, deal_stage_history, contacts
 * and deal_contacts; other modules ask this service rather than read those tables).
 *
 * Convention for every service: a method that takes part in its caller's transaction takes that
 * transaction, `tx: Database`, as its first argument and runs all its SQL on it, so the caller's
 * locks and rollback cover it. Methods without `tx` run on their own.
 */
export function createDealsService(deps: DealsDeps) {
  const { db, analysis } = deps

  async function getDeal(tx: Database, organisationId: string, dealId: string, lock = false) {
    const deal = await findDeal(tx, organisationId, dealId, { lock })
    if (!deal) throw notFound()
    return deal
  }

  async function contactsOfDeal(tx: Database, organisationId: string, dealId: string) {
    await getDeal(tx, organisationId, dealId)
    const rows = await listDealContactRows(tx, organisationId, [dealId])
    return rows.map(({ dealId: _dealId, ...contact }) => contact)
  }

  /**
   * The stage, checked to be the organisation's and in the pipeline: a 400 at `pipeline_id` when
   * the pipeline is not the organisation's (the stage cannot be the fault then), else at `stage_id`.
   */
  async function requireStageOf(
    tx: Database,
    organisationId: string,
    pipelineId: string,
    stageId: string,
  ) {
    const stage = await findStage(tx, organisationId, stageId)
    if (stage?.pipelineId === pipelineId) return stage
    if (!(await isOrganisationPipeline(tx, organisationId, pipelineId))) {
      throw new Invalid([
        {
          field: 'pipeline_id',
          message: 'is not a pipeline of your organisation',
          code: 'unknown_pipeline',
        },
      ])
    }
    throw new Invalid([
      {
        field: 'stage_id',
        message: 'is not a stage of the pipeline',
        code: 'stage_not_in_pipeline',
      },
    ])
  }

  async function requireOwner(tx: Database, organisationId: string, ownerId: string) {
    const [owner] = await findOrganisationUsers(tx, organisationId, [ownerId])
    if (!owner) {
      throw new Invalid([
        { field: 'owner_id', message: 'is not a user of your organisation', code: 'unknown_owner' },
      ])
    }
  }

  /** Members work on their own deals only (admins on any). */
  function requireMayWrite(caller: AuthUser, ownerId: string | null) {
    if (caller.role === 'admin' || ownerId === caller.id) return
    throw new Forbidden('Only the deal’s owner or an admin may change it.', 'not_deal_owner')
  }

  async function loadOne(
    tx: Database,
    organisationId: string,
    dealId: string,
    includes: readonly DealInclude[],
  ): Promise<DealWithIncludes> {
    const [one] = await withIncludes(
      tx,
      organisationId,
      [await getDeal(tx, organisationId, dealId)],
      includes,
    )
    if (!one) throw notFound()
    return one
  }

  return {
    /** The organisation's deal; another organisation's is NotFound too. */
    get(tx: Database, organisationId: string, dealId: string): Promise<DealRow> {
      return getDeal(tx, organisationId, dealId)
    },

    /**
     * The organisation's deal, when the caller may change it: NotFound otherwise, and Forbidden
     * (not_deal_owner) for a member who does not own it. What changes a deal from another module
     * (its calls and e-mails) asks this, so members change only the deals they own everywhere.
     */
    async getWritable(tx: Database, caller: AuthUser, dealId: string): Promise<DealRow> {
      const deal = await getDeal(tx, caller.organisationId, dealId)
      requireMayWrite(caller, deal.ownerId)
      return deal
    },

    /** New contacts of the deal by name alone (an uploaded call's buyers). */
    addContacts(
      tx: Database,
      organisationId: string,
      dealId: string,
      names: readonly string[],
    ): Promise<void> {
      return addNamedContacts(tx, organisationId, dealId, names)
    },

    /** The deal's contacts with their role in it, by name. */
    listContacts(tx: Database, organisationId: string, dealId: string): Promise<DealContactRow[]> {
      return contactsOfDeal(tx, organisationId, dealId)
    },

    /** Moves the deal's last activity to `at` unless it is already later. */
    touchActivity(tx: Database, organisationId: string, dealId: string, at: Date): Promise<void> {
      return touchLastActivity(tx, organisationId, dealId, at)
    },

    /** Keeps the deal's copy of its current assessment's confidence (0–100, null: none). */
    setConfidence(
      tx: Database,
      organisationId: string,
      dealId: string,
      confidence: number | null,
    ): Promise<void> {
      return setDealConfidence(tx, organisationId, dealId, confidence)
    },

    /** What the analysis engine knows about the deal (the engine's DealFacts). */
    async facts(tx: Database, organisationId: string, dealId: string): Promise<DealFacts> {
      return dealFacts(tx, organisationId, await getDeal(tx, organisationId, dealId))
    },

    /** Creates a deal with its first stage-history row and its contacts. */
    create(caller: AuthUser, body: CreateDealBody): Promise<DealWithIncludes> {
      const organisationId = caller.organisationId
      return db.transaction(async (tx) => {
        const ownerId = body.owner_id ?? caller.id
        if (caller.role !== 'admin' && ownerId !== caller.id) {
          throw new Forbidden('Members create deals they own.', 'not_deal_owner')
        }
        await requireStageOf(tx, organisationId, body.pipeline_id, body.stage_id)
        await requireOwner(tx, organisationId, ownerId)
        const deal = await insertDeal(tx, organisationId, {
          pipelineId: body.pipeline_id,
          stageId: body.stage_id,
          ownerId,
          name: body.name,
          accountName: body.account_name ?? null,
          amount: body.amount == null ? null : body.amount.toFixed(2),
          currency: body.currency ?? 'USD',
          closeDate: body.close_date ?? null,
          status: body.status ?? 'open',
          source: 'manual',
        })
        await insertStageChange(tx, organisationId, {
          dealId: deal.id,
          fromStageId: null,
          toStageId: deal.stageId,
          changedAt: deal.createdAt,
        })
        await replaceContacts(tx, organisationId, deal.id, body.contacts ?? [])
        return loadOne(tx, organisationId, deal.id, ['contacts'])
      })
    },

    /**
     * Changes the deal; a stage change adds a stage-history row in the same transaction, and a
     * change the analysis reads (stage, status, close date, contacts) re-analyses the deal there.
     */
    update(caller: AuthUser, dealId: string, body: UpdateDealBody): Promise<DealWithIncludes> {
      const organisationId = caller.organisationId
      return db.transaction(async (tx) => {
        const deal = await getDeal(tx, organisationId, dealId, true)
        requireMayWrite(caller, deal.ownerId)
        const pipelineId = body.pipeline_id ?? deal.pipelineId
        if (pipelineId !== deal.pipelineId && body.stage_id === undefined) {
          throw new Invalid([
            {
              field: 'stage_id',
              message: 'is required to move the deal to another pipeline',
              code: 'required',
            },
          ])
        }
        const stageId = body.stage_id ?? deal.stageId
        if (body.stage_id !== undefined || pipelineId !== deal.pipelineId) {
          await requireStageOf(tx, organisationId, pipelineId, stageId)
        }
        if (body.owner_id !== undefined && body.owner_id !== deal.ownerId) {
          if (body.owner_id === null || caller.role !== 'admin') {
            requireMayWrite(caller, body.owner_id)
          }
          if (body.owner_id !== null) await requireOwner(tx, organisationId, body.owner_id)
        }
        const changes: Partial<DealInsert> = {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.account_name !== undefined && { accountName: body.account_name }),
          ...(pipelineId !== deal.pipelineId && { pipelineId }),
          ...(stageId !== deal.stageId && { stageId }),
          ...(body.owner_id !== undefined && { ownerId: body.owner_id }),
          ...(body.amount !== undefined && {
            amount: body.amount === null ? null : body.amount.toFixed(2),
          }),
          ...(body.currency !== undefined && { currency: body.currency }),
          ...(body.close_date !== undefined && { closeDate: body.close_date }),
          ...(body.status !== undefined && { status: body.status }),
        }
        await updateDealRow(tx, organisationId, dealId, changes)
        if (stageId !== deal.stageId) {
          await insertStageChange(tx, organisationId, {
            dealId,
            fromStageId: deal.stageId,
            toStageId: stageId,
            changedAt: new Date(),
          })
        }
        const contactsChanged =
          body.contacts !== undefined &&
          (await replaceAnalysedContacts(tx, organisationId, dealId, body.contacts))
        if (contactsChanged || changesAnalysedColumns(deal, changes)) {
          await analysis.requestForDealChange(tx, { organisationId, dealId })
        }
        return loadOne(tx, organisationId, dealId, ['contacts'])
      })
    },

    remove(caller: AuthUser, dealId: string): Promise<void> {
      return db.transaction(async (tx) => {
        const deal = await getDeal(tx, caller.organisationId, dealId, true)
        requireMayWrite(caller, deal.ownerId)
        await deleteDealRow(tx, caller.organisationId, dealId)
      })
    },

    /** One deal with the asked-for related records. */
    read(
      caller: AuthUser,
      dealId: string,
      includes: readonly DealInclude[],
    ): Promise<DealWithIncludes> {
      return loadOne(db, caller.organisationId, dealId, includes)
    },

    /** The contacts of one of the caller's organisation's deals. */
    contactsOf(caller: AuthUser, dealId: string): Promise<DealContactRow[]> {
      return contactsOfDeal(db, caller.organisationId, dealId)
    },

    /** A page of the caller's organisation's deals. */
    async list(
      caller: AuthUser,
      query: DealListQuery,
    ): Promise<PageOf<DealWithIncludes<ListedDealRow>>> {
      const page = await listDealRows(db, caller.organisationId, query)
      return {
        rows: await withIncludes(db, caller.organisationId, page.rows, query.includes),
        total: page.total,
      }
    },

    /** How many deals the pipeline holds. */
    countInPipeline(tx: Database, organisationId: string, pipelineId: string): Promise<number> {
      return countPipelineDeals(tx, organisationId, pipelineId)
    },

    /** How many deals each of the stages holds; stages without deals are absent. */
    countByStage(
      tx: Database,
      organisationId: string,
      stageIds: readonly string[],
    ): Promise<Map<string, number>> {
      return countDealsByStage(tx, organisationId, stageIds)
    },

    /** Moves a stage's deals to another stage, each with a stage-history row of the move. */
    mergeStage(
      tx: Database,
      organisationId: string,
      fromStageId: string,
      toStageId: string,
    ): Promise<void> {
      return mergeStageInto(tx, organisationId, fromStageId, toStageId)
    },

    /** Keeps the names of stages about to be deleted in the stage history that names them. */
    keepStageNamesInHistory(
      tx: Database,
      organisationId: string,
      removed: readonly { id: string; name: string }[],
    ): Promise<void> {
      return keepStageNamesInHistory(tx, organisationId, removed)
    },

    /**
     * Whether the organisation has any deal. An engagement always belongs to a deal (deal_id is
     * required and cascades), so this also answers whether any engagement was imported.
     */
    hasAny(organisationId: string): Promise<boolean> {
      return organisationHasDeals(db, organisationId)
    },
  }
}

export type DealsService = ReturnType<typeof createDealsService>
