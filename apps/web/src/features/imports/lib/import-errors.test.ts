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

  it('says a PDF or other binary file (415 unsupported_file_type) is no CSV, at the file, in every language', async () => {
    const refused = new HttpError(415, 'unsupported_file_type', 'A CSV is expected.', undefined, [
      { path: 'body.file', message: 'is binary', code: 'binary_file' },
    ])
    expect(uploadErrors(refused)).toEqual({ fields: {}, file: { key: 'errors.binary_file' } })
    for (const locale of ['en', 'de', 'es', 'fr', 'ar']) {
      const { errors } = (await import(`../../../../public/locales/${locale}/imports.json`)) as {
        errors: Record<string, string>
      }
      expect(errors.binary_file, locale).toBeTruthy()
    }
  })
})

describe('commitError', () => {
  it('says an import that is not validated cannot be committed', () => {
    expect(commitError(new HttpError(409, 'import_not_validated', 'x'))).toEqual({
      key: 'errors.not_validated',
    })
  })
})
