import { describe, expect, it } from 'vitest'
import { HttpError } from '@/lib/api-client'
import { checkFile, uploadProblem } from './upload-errors'

const refusal = (status: number, code: string, details: HttpError['details'] = []) =>
  new HttpError(status, code, 'An English sentence', undefined, details)

describe('uploadProblem', () => {
  it('takes only the line number from an unreadable file’s detail', () => {
    expect(
      uploadProblem(refusal(400, 'invalid_file', [{ path: 'file', message: 'line 12: bad cue' }])),
    ).toEqual({ key: 'upload.errors.invalid_file', line: 12 })
    expect(uploadProblem(refusal(400, 'invalid_file'))).toEqual({
      key: 'upload.errors.invalid_file',
      line: undefined,
    })
  })

  it('words 413, 415 and a duplicate naming the earlier upload', () => {
    expect(uploadProblem(refusal(413, 'file_too_large')).key).toBe('upload.errors.too_large')
    expect(uploadProblem(refusal(415, 'unsupported_file_type')).key).toBe(
      'upload.errors.unsupported',
    )
    expect(
      uploadProblem(
        refusal(409, 'duplicate_engagement', [
          { path: 'file', message: 'x', params: { id: 'e1', name: 'Kick-off call' } },
        ]),
      ),
    ).toEqual({ key: 'upload.errors.duplicate', earlier: { id: 'e1', name: 'Kick-off call' } })
  })
})

describe('checkFile', () => {
  it('refuses other types and files over 10 MB before sending', () => {
    expect(checkFile(new File(['x'], 'call.pdf'))?.key).toBe('upload.errors.unsupported')
    const big = new File(['x'], 'call.vtt')
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 })
    expect(checkFile(big)?.key).toBe('upload.errors.too_large')
    expect(checkFile(new File(['WEBVTT'], 'Call.VTT'))).toBeNull()
  })
})
