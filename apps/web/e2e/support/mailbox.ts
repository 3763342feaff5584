import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { MAIL_SINK_DIR } from './mail-sink'

interface StoredMail {
  to: string[]
  raw: string
}

/** Undoes quoted-printable soft line breaks and escapes, enough to read links in plain-text mail. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replaceAll(/=\r?\n/g, '')
    .replaceAll(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

/** Waits for an e-mail to `address` and returns the first link in it matching `pattern`. */
export async function waitForLink(
  address: string,
  pattern: RegExp,
  timeoutMs = 20_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    for (const file of readdirSync(MAIL_SINK_DIR).sort()) {
      const mail = JSON.parse(readFileSync(path.join(MAIL_SINK_DIR, file), 'utf8')) as StoredMail
      if (!mail.to.includes(address)) continue
      const link = pattern.exec(decodeQuotedPrintable(mail.raw))?.[0]
      if (link) return link
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no e-mail to ${address} with a link matching ${pattern} within ${timeoutMs} ms`)
}
