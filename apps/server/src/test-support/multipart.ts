const BOUNDARY = '----dealcoach-test-boundary'

/** A real multipart/form-data body: the text fields first, then the file part, if any. */
export function multipart(
  file: { name: string; content: string | Buffer; type?: string } | undefined,
  fields: Record<string, string> = {},
) {
  const chunks: Buffer[] = []
  for (const [key, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
      ),
    )
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  }
}
