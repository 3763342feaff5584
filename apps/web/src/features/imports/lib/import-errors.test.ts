import { describe, expect, it } from 'vitest'
import { HttpError } from '@/lib/api-client'
import { commitError, uploadErrors } from './import-errors'

const invalid = (code: string, details: ConstructorParameters<typeof HttpError>[4]) =>
  new HttpError(400, code, 'The server says so in English.', undefined, details)

describe('uploadErrors', () => {
  it('places a mapping refusal under its field, by the detail code', () => {
    const error = invalid('invalid_mapping', [
      { path: 'body.mapping.stage', message: 'no column "Phase"', code: 'unknown_column' },
      { path: 'body.mapping.colour', message: 'no such field', code: 'unknown_field' },
    ])
    expect(uploadErrors(error)).toEqual({
      fields: {
        stage: { key: 'errors.unknown_column' },
        colour: { key: 'errors.unknown_field' },
      },
    })
  })

  it('places a missing column under the field it names, and a file refusal at the file', () => {
    expect(
      uploadErrors(
        invalid('invalid_file', [
          {
            path: 'body.file',
            message: 'lacks',
            code: 'missing_column',
            params: { field: 'name' },
          },
        ]),
      ),
    ).toEqual({ fields: { name: { key: 'errors.missing_column' } } })
    expect(
      uploadErrors(
        invalid('invalid_file', [{ path: 'body.file', message: 'x', code: 'not_utf8' }]),
      ),
    ).toEqual({ fields: {}, file: { key: 'errors.not_utf8' } })
  })

  it('words the call failures that concern no field', () => {
    expect(uploadErrors(new HttpError(413, 'file_too_large', 'big'))).toEqual({
      fields: {},
      file: { key: 'errors.file_too_large' },
    })
    expect(uploadErrors(new HttpError(403, 'forbidden', 'no')).form).toEqual({
      key: 'errors.forbidden',
    })
    expect(uploadErrors(new HttpError(500, 'internal', 'oops')).form).toEqual({
      key: 'errors.failed',
    })
    expect(uploadErrors(new TypeError('fetch failed')).form).toEqual({ key: 'errors.network' })
  })
})

describe('commitError', () => {
  it('says an import that is not validated cannot be committed', () => {
    expect(commitError(new HttpError(409, 'import_not_validated', 'x'))).toEqual({
      key: 'errors.not_validated',
    })
  })
})
