import { describe, expect, it } from 'vitest'
import { HttpError } from '@/lib/api-client'
import { checkFile, uploadErrors } from './upload-errors'

const refusal = (status: number, code: string, details: HttpError['details'] = []) =>
  new HttpError(status, code, 'An English sentence', undefined, details)

describe('uploadErrors', () => {
  it('places an unreadable transcript at the field that carried it, with only its line number', () => {
    expect(
      uploadErrors(refusal(400, 'invalid_file', [{ path: 'file', message: 'line 12: bad cue' }])),
    ).toEqual({ fields: { file: { key: 'upload.errors.invalid_file', line: 12 } } })
    expect(
      uploadErrors(
        refusal(400, 'invalid_file', [{ path: 'body.text', message: 'x', params: { line: 3 } }]),
        'text',
      ),
    ).toEqual({ fields: { text: { key: 'upload.errors.invalid_text', line: 3 } } })
    expect(uploadErrors(refusal(400, 'invalid_file')).fields.file).toEqual({
      key: 'upload.errors.invalid_file',
      line: undefined,
    })
  })

  it('words 413 and 415 at the file, and a duplicate naming the earlier upload', () => {
    expect(uploadErrors(refusal(413, 'file_too_large')).fields.file?.key).toBe(
      'upload.errors.too_large',
    )
    expect(uploadErrors(refusal(415, 'unsupported_file_type')).fields.file?.key).toBe(
      'upload.errors.unsupported',
    )
    expect(
      uploadErrors(
        refusal(409, 'duplicate_engagement', [
          {
            path: 'file',
            message: 'x',
            code: 'duplicate_engagement',
            params: { engagement_id: 'e1', engagement_name: 'Kick-off call' },
          },
        ]),
      ),
    ).toEqual({ fields: {}, duplicate: { earlier: { id: 'e1', name: 'Kick-off call' } } })
  })

  it('gives a .txt file whose turns lack "Name:" the pasted text’s speaker hint, at the file', () => {
    expect(
      uploadErrors(
        refusal(400, 'invalid_file', [
          {
            path: 'body.file',
            message: 'transcript, line 1: no "Speaker: text" lines found',
            code: 'no_speaker_lines',
            params: { line: 1 },
          },
        ]),
      ),
    ).toEqual({ fields: { file: { key: 'upload.errors.invalid_text', line: 1 } } })
  })

  it('says a file is empty, and an e-mail has no text, at the field that carried it', () => {
    expect(
      uploadErrors(
        refusal(400, 'empty_file', [
          { path: 'body.file', message: 'is empty', code: 'empty_file' },
        ]),
      ),
    ).toEqual({ fields: { file: { key: 'upload.errors.empty_file' } } })
    expect(
      uploadErrors(
        refusal(400, 'empty_email', [
          { path: 'body.file', message: 'has no text', code: 'empty_email' },
        ]),
      ),
    ).toEqual({ fields: { file: { key: 'upload.errors.empty_email' } } })
    expect(
      uploadErrors(
        refusal(400, 'empty_email', [
          { path: 'body.body', message: 'has no text', code: 'empty_email' },
        ]),
        'body',
      ),
    ).toEqual({ fields: { body: { key: 'upload.errors.empty_email' } } })
  })

  it.each([
    // A time later than now: the dialog's own wording for it, at the time field.
    [
      'validation_failed',
      'date_in_future',
      'body.occurred_at',
      'occurred_at',
      'upload.occurred_at_future',
    ],
    // Speakers the server could not match and no role was given for: the dialog's own ask.
    [
      'speaker_roles_required',
      'speaker_roles_required',
      'body.roles',
      'roles',
      'upload.roles_help',
    ],
  ] as const)(
    'words %s (%s) at the field the dialog has for it',
    (code, detailCode, path, field, key) => {
      expect(
        uploadErrors(
          refusal(400, code, [{ path, message: 'An English sentence', code: detailCode }]),
        ),
      ).toEqual({ fields: { [field]: { key } } })
    },
  )

  it('says a binary file (top-level binary_file, as empty_file is) is not text, at the file', () => {
    expect(
      uploadErrors(
        refusal(400, 'binary_file', [
          { path: 'body.file', message: 'is binary', code: 'binary_file' },
        ]),
      ),
    ).toEqual({ fields: { file: { key: 'upload.errors.binary' } } })
  })

  it('puts a schema refusal at its field and a lost connection above the form', () => {
    const refused = uploadErrors(
      refusal(400, 'validation_failed', [
        { path: 'body.occurred_at', message: 'Invalid ISO datetime' },
      ]),
    )
    expect(refused.fields.occurred_at).toEqual({
      key: 'common',
      message: { key: 'form_errors.check_field' },
    })
    expect(refused.form).toBeUndefined()
    expect(uploadErrors(new TypeError('Failed to fetch'))).toEqual({
      fields: {},
      form: { key: 'common', message: { key: 'form_errors.network' } },
    })
  })
})

describe('checkFile', () => {
  it('refuses other types and files over 10 MB before sending', () => {
    expect(checkFile(new File(['x'], 'call.pdf'))?.key).toBe('upload.errors.unsupported')
    const big = new File(['x'], 'call.vtt')
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 })
    expect(checkFile(big)?.key).toBe('upload.errors.too_large')
    expect(checkFile(new File(['WEBVTT'], 'Call.VTT'))).toBeNull()
    expect(checkFile(new File([], 'call.vtt'))?.key).toBe('upload.errors.empty_file')
  })
})
