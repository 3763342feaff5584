import type {
  CreatedObjectionTypesResponse,
  Objection as ObjectionBody,
  ObjectionType as ObjectionTypeBody,
  ObjectionTypesResponse,
  TypeObjectionsResponse,
} from '@dealcoach/contracts/objections'
import { type PageOf, type PageRequest, paginationOf } from '../../lib/pagination.js'
import type { ObjectionType, TypeObjection } from './objection-type.js'

export function toObjectionTypeBody(type: ObjectionType): ObjectionTypeBody {
  return {
    id: type.id,
    organisation: type.organisationId,
    name: type.name,
    description: type.description,
    examples: type.examples,
    active: type.active,
    deleted: type.deleted,
    source: type.source,
    approved: type.approved,
    approved_by: type.approvedBy,
    created_at: type.createdAt.toISOString(),
    updated_at: type.updatedAt.toISOString(),
  }
}

export function toObjectionTypesBody(
  page: PageOf<ObjectionType>,
  request: PageRequest,
): ObjectionTypesResponse {
  return {
    models: page.rows.map(toObjectionTypeBody),
    pagination: paginationOf(request, page.total),
  }
}

export function toCreatedObjectionTypesBody(result: {
  created: readonly ObjectionType[]
  merged: readonly ObjectionType[]
}): CreatedObjectionTypesResponse {
  return {
    models: result.created.map(toObjectionTypeBody),
    merged: result.merged.map(toObjectionTypeBody),
  }
}

function toObjectionBody(objection: TypeObjection): ObjectionBody {
  return {
    id: objection.id,
    objection_type_id: objection.objectionTypeId,
    deal_id: objection.dealId,
    deal_name: objection.dealName,
    engagement_id: objection.engagementId,
    text: objection.text,
    speaker: objection.speaker,
    handled: objection.handled,
    handling_score: objection.handlingScore,
    response: objection.response,
    occurred_at: objection.occurredAt.toISOString(),
  }
}

export function toTypeObjectionsBody(
  page: PageOf<TypeObjection>,
  request: PageRequest,
): TypeObjectionsResponse {
  return { models: page.rows.map(toObjectionBody), pagination: paginationOf(request, page.total) }
}
