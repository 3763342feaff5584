import {
  ENGAGEMENT_FILE_MAX_BYTES,
  engagementJsonBodySchema,
} from '@dealcoach/contracts/engagements'
import { decodeWindows1252 } from '@dealcoach/intelligence/email/decode-mime'
import type { FastifyRequest } from 'fastify'
import { Invalid, PayloadTooLarge, fieldPath, refinementReason } from '../../lib/domain-errors.js'
import { assertNoNulCharacter } from '../../lib/nul-character.js'
import type { EngagementUpload } from './prepare-engagement.js'

/** The multipart limits: the stream is cut at the file limit instead of buffered unbounded. */
export const UPLOAD_LIMITS = {
  fileSize: ENGAGEMENT_FILE_MAX_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 64 * 1024,
}

const FORM_FIELDS = new Set(['name', 'occurred_at', 'roles', 'add_contacts'])

/** A file with a NUL character (outside UTF-16): `binary_file`, at `file`. */
const BINARY_FILE = 'binary_file'

/** The request's upload: a multipart form with one `file`, or a JSON body. */
export async function readUpload(request: FastifyRequest): Promise<EngagementUpload> {
  if (request.isMultipart()) return readForm(request)
  const parsed = engagementJsonBodySchema.safeParse(request.body)
  if (!parsed.success) {
    throw new Invalid(
      parsed.error.issues.map((issue) => ({
        field: fieldPath(...issue.path.map((part) => (typeof part === 'symbol' ? '' : part))),
        message: issue.message,
        ...refinementReason(issue.code, 'params' in issue ? issue.params : undefined),
      })),
    )
  }
  return { source: 'json', body: parsed.data }
}

/**
 * A file's text. Most are UTF-8; one that is not is kept byte for byte rather than with its
 * non-UTF-8 bytes replaced: an e-mail's 8-bit parts are then decoded in their own charsets (the
 * MIME decoders read the string's characters as bytes), and a transcript saved by a Windows editor
 * is read as windows-1252, with its quotes and dashes. (A UTF-16 file is read by utf16Text.)
 */
function fileText(buffer: Buffer, fileName: string): string {
  try {
    return UTF8.decode(buffer)
  } catch {
    return fileName.toLowerCase().endsWith('.eml')
      ? buffer.toString('latin1')
      : decodeWindows1252(buffer)
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
const UTF16LE = new TextDecoder('utf-16le')

/**
 * The text of a file that opens with a UTF-16 byte order mark, in either byte order (Windows
 * editors save "Unicode" text so); undefined for any other file.
 */
function utf16Text(buffer: Buffer): string | undefined {
  const littleEndian = buffer[0] === 0xff && buffer[1] === 0xfe
  const bigEndian = buffer[0] === 0xfe && buffer[1] === 0xff
  if (!littleEndian && !bigEndian) return undefined
  // A last odd byte is no character; the decoder would make it U+FFFD.
  const units = Buffer.from(buffer.subarray(2, buffer.length - (buffer.length % 2)))
  if (bigEndian) units.swap16()
  return UTF16LE.decode(units)
}

async function readForm(request: FastifyRequest): Promise<EngagementUpload> {
  let file: { fileName: string; content: string } | undefined
  const fields: Record<string, string> = {}
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer()
          continue
        }
        const buffer = await part.toBuffer()
        const utf16 = utf16Text(buffer)
        // A NUL makes a file binary; UTF-16's zero bytes are halves of characters, not NULs.
        if (utf16 === undefined ? buffer.includes(0) : utf16.includes('\u0000')) {
          // Its own code, as an empty file's (empty_file) is: the file as a whole is the problem.
          throw new Invalid(
            [
              {
                field: 'file',
                message: 'is binary, not a transcript or e-mail text file',
                code: BINARY_FILE,
              },
            ],
            { code: BINARY_FILE },
          )
        }
        file = { fileName: part.filename, content: utf16 ?? fileText(buffer, part.filename) }
      } else if (FORM_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value
      }
    }
  } catch (error) {
    if (isTooLarge(error)) {
      throw new PayloadTooLarge(
        'file_too_large',
        `The file is larger than ${ENGAGEMENT_FILE_MAX_BYTES / 1024 / 1024} MB.`,
      )
    }
    throw error
  }
  if (!file) throw new Invalid([{ field: 'file', message: 'is required' }])
  assertNoNulCharacter({ ...fields, file_name: file.fileName })
  return {
    source: 'file',
    fileName: file.fileName,
    content: file.content,
    name: fields.name,
    occurredAt: fields.occurred_at,
    roles: fields.roles,
    addContacts: fields.add_contacts,
  }
}

function isTooLarge(error: unknown): boolean {
  const code = (error as { code?: unknown }).code
  return code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT'
}
