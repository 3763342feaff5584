import type { ObjectionCorrection } from '@dealcoach/contracts/intelligence'
import { OBJECTION_TYPE_LIMITS } from '@dealcoach/contracts/limits'
import type { ObjectionFeedbackBody } from '@dealcoach/contracts/objection-analysis'
import type { Database } from '../../db/client.js'
import type { AuthUser } from '../../lib/caller.js'
import { Conflict, Forbidden, invalidField, NotFound } from '../../lib/domain-errors.js'
import type { PageOf, PageRequest } from '../../lib/pagination.js'
import type { ObjectionType } from './objection-type.js'
import {
  correctionsForAnalysis,
  dealCorrectionsByObjection,
  deleteFeedback,
  findFeedback,
  findNamedFeedback,
  findObjection,
  listFeedback,
  lockFeedback,
  type NamedFeedback,
  relinkDealFeedback,
  replaceFeedback,
  setObjectionVerdict,
} from './objection-feedback.repository.js'
import {
  findObjectionType,
  lockObjectionTypes,
  updateObjectionType,
} from './objection-types.repository.js'

/** Re-analysis, as the analysis module's requests service offers it. */
export interface FeedbackAnalysis {
  request(
    tx: Database,
    input: { organisationId: string; dealId: string; trigger: 'manual' },
  ): Promise<unknown>
  backfill(
    tx: Database,
    input: { organisationId: string; reason: 'objection_types' },
  ): Promise<unknown>
}

export interface ObjectionFeedbackDeps {
  db: Database
  analysis: FeedbackAnalysis
}

const notFoundObjection = () => new NotFound('Objection')
const notFoundFeedback = () => new NotFound('Objection feedback')

/**
 * Users' corrections of detected objections (issue 14). A correction shows at once on the
 * objection row, and the deal is re-analysed so that the engine, which reads all of the
 * organisation's corrections, finds the deal's objections again with it.
 */
export function createObjectionFeedbackService({ db, analysis }: ObjectionFeedbackDeps) {
  const reanalyse = (tx: Database, organisationId: string, dealId: string) =>
    analysis.request(tx, { organisationId, dealId, trigger: 'manual' })

  /** The type a user corrects to: one of the organisation's, active and not deleted. */
  async function correctedType(tx: Database, organisationId: string, typeId: string) {
    const type = await findObjectionType(tx, typeId, organisationId)
    if (!type?.active) {
      throw invalidField(
        'objection_type_id',
        'is not an active objection type of your organisation',
        'objection_type_unknown',
      )
    }
    return type
  }

  return {
    /** Any member may correct; a new verdict on the same sentence replaces the earlier one. */
    async correct(
      caller: AuthUser,
      objectionId: string,
      body: ObjectionFeedbackBody,
    ): Promise<NamedFeedback> {
      const { organisationId } = caller
      return db.transaction(async (tx) => {
        const objection = await findObjection(tx, organisationId, objectionId)
        if (!objection) throw notFoundObjection()
        let correctedTypeId: string | null = null
        if (body.verdict === 'other_type') {
          const typeId = body.objection_type_id ?? ''
          if (typeId === objection.objectionTypeId) {
            throw invalidField(
              'objection_type_id',
              'is the type the objection already has',
              'objection_type_unchanged',
            )
          }
          correctedTypeId = (await correctedType(tx, organisationId, typeId)).id
        }
        await lockFeedback(tx, organisationId)
        const sentence = {
          organisationId,
          engagementId: objection.engagementId,
          quote: objection.text,
        }
        const created = await replaceFeedback(tx, sentence, (earlier) => ({
          ...sentence,
          objectionId: objection.id,
          dealId: objection.dealId,
          utteranceIndex: objection.utteranceIndex,
          verdict: body.verdict,
          // An earlier other_type already changed the row's type: the engine's stays the original.
          originalTypeId: earlier ? earlier.originalTypeId : objection.objectionTypeId,
          correctedTypeId,
          userId: caller.id,
        }))
        await setObjectionVerdict(tx, organisationId, objection.id, {
          rejected: body.verdict === 'not_objection',
          objectionTypeId: correctedTypeId ?? created.originalTypeId ?? objection.objectionTypeId,
        })
        await reanalyse(tx, organisationId, objection.dealId)
        const named = await findNamedFeedback(tx, organisationId, created.id)
        if (!named) throw new Error('the correction just stored was not found')
        return named
      })
    },

    list(caller: AuthUser, page: PageRequest): Promise<PageOf<NamedFeedback>> {
      return listFeedback(db, caller.organisationId, page)
    },

    /**
     * Takes a correction back: the objection (if re-analysis has not dropped it) shows as the
     * engine found it, and the deal is analysed again without the correction. Members take back
     * their own corrections, admins anyone's: a correction changes what the whole organisation
     * sees, so a member must not silently undo a colleague's judgement.
     */
    async undo(caller: AuthUser, id: string): Promise<void> {
      const { organisationId } = caller
      await db.transaction(async (tx) => {
        const feedback = await findFeedback(tx, organisationId, id)
        if (!feedback) throw notFoundFeedback()
        if (caller.role !== 'admin' && feedback.userId !== caller.id) {
          throw new Forbidden(
            'Only an admin can take back another user’s correction.',
            'objection_feedback_not_yours',
          )
        }
        if (feedback.objectionId) {
          const objection = await findObjection(tx, organisationId, feedback.objectionId)
          if (objection) {
            await setObjectionVerdict(tx, organisationId, objection.id, {
              rejected: false,
              objectionTypeId: feedback.originalTypeId ?? objection.objectionTypeId,
            })
          }
        }
        await deleteFeedback(tx, organisationId, id)
        await reanalyse(tx, organisationId, feedback.dealId)
      })
    },

    /**
     * Admins: the objection's quote becomes an example of a type (its own by default), which
     * changes the type's wording, so every analysed deal is found again as for any type edit.
     */
    async promote(
      caller: AuthUser,
      objectionId: string,
      typeId: string | undefined,
    ): Promise<ObjectionType> {
      const { organisationId } = caller
      return db.transaction(async (tx) => {
        const objection = await findObjection(tx, organisationId, objectionId)
        if (!objection) throw notFoundObjection()
        await lockObjectionTypes(tx, organisationId)
        const type =
          typeId === undefined
            ? await findObjectionType(tx, objection.objectionTypeId, organisationId)
            : await correctedType(tx, organisationId, typeId)
        // The objection's own type was deleted since it was found.
        if (!type) throw new NotFound('Objection type')
        const quote = objection.text.trim()
        if (objection.rejected) {
          throw new Conflict('objection_rejected', 'A rejected objection cannot become an example.')
        }
        if (quote.length > OBJECTION_TYPE_LIMITS.example) {
          throw new Conflict(
            'objection_quote_too_long',
            `The quote is longer than an example may be (${OBJECTION_TYPE_LIMITS.example} characters).`,
          )
        }
        const lower = quote.toLocaleLowerCase()
        if (type.examples.some((example) => example.toLocaleLowerCase() === lower)) {
          throw new Conflict(
            'objection_example_exists',
            `"${type.name}" already has this quote as an example.`,
          )
        }
        if (type.examples.length >= OBJECTION_TYPE_LIMITS.examples) {
          throw new Conflict(
            'objection_type_examples_full',
            `"${type.name}" already has ${OBJECTION_TYPE_LIMITS.examples} examples; remove one first.`,
          )
        }
        const updated = await updateObjectionType(tx, type.id, organisationId, {
          examples: [...type.examples, quote],
        })
        if (!updated) throw new NotFound('Objection type')
        await analysis.backfill(tx, { organisationId, reason: 'objection_types' })
        return updated
      })
    },

    /** What the engine reads: all of the organisation's corrections, newest first. */
    forAnalysis(tx: Database, organisationId: string): Promise<ObjectionCorrection[]> {
      return correctionsForAnalysis(tx, organisationId)
    },

    /** The deal's corrections, by the objection they are on (the deal screen shows them). */
    ofDeal(organisationId: string, dealId: string) {
      return dealCorrectionsByObjection(db, organisationId, dealId)
    },

    /** After re-analysis wrote a deal's objections: see relinkDealFeedback. */
    relink(tx: Database, organisationId: string, dealId: string): Promise<void> {
      return relinkDealFeedback(tx, organisationId, dealId)
    },
  }
}

export type ObjectionFeedbackService = ReturnType<typeof createObjectionFeedbackService>
