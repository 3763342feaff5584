import { IMPORT_FIELDS, type ImportKind } from '@dealcoach/contracts/imports'
import {
  missingRequiredFields,
  normaliseHeader,
  recogniseColumns,
} from '@dealcoach/contracts/import-columns'
import type { FieldProblem } from '../../lib/domain-errors.js'

export type { ImportField } from '@dealcoach/contracts/import-columns'

/**
 * The mapping in force (field → header as written in the file): the explicit one first (a field
 * mapped to null is left out), then each remaining field's first alias found. Problems name what is wrong with the explicit
 * mapping or what the file lacks; the caller answers them with a 400 at `mapping` or `file`.
 */
export function resolveMapping(
  kind: ImportKind,
  headers: readonly string[],
  explicit: Readonly<Record<string, string | null>>,
): { mapping: Record<string, string>; problems: FieldProblem[] } {
  const fields: readonly string[] = IMPORT_FIELDS[kind]
  const problems: FieldProblem[] = []
  const mapping: Record<string, string> = {}
  for (const [field, header] of Object.entries(explicit)) {
    if (!fields.includes(field)) {
      problems.push({
        field: `mapping.${field}`,
        message: `is not a field of ${kind}; use one of ${fields.join(', ')}`,
        code: 'unknown_field',
      })
      continue
    }
    if (header === null) continue
    const found = headers.find((each) => normaliseHeader(each) === normaliseHeader(header))
    if (found === undefined) {
      problems.push({
        field: `mapping.${field}`,
        message: `names the column "${header}", which the file does not have`,
        code: 'unknown_column',
        params: { column: header },
      })
      continue
    }
    mapping[field] = found
  }
  Object.assign(mapping, recogniseColumns(kind, headers, explicit))
  if (problems.length > 0) return { mapping, problems }
  for (const oneOf of missingRequiredFields(kind, mapping)) {
    problems.push({
      field: 'file',
      message: `has no ${oneOf.join(' or ')} column for ${kind}: map one with mapping.${oneOf[0] ?? ''}`,
      code: 'missing_column',
      params: { field: oneOf[0] ?? '' },
    })
  }
  return { mapping, problems }
}
