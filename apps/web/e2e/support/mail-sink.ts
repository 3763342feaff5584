import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

export const MAIL_SINK_PORT = 2526
export const MAIL_SINK_DIR = path.resolve('.tmp/e2e-mail')

/**
 * A real SMTP server the app delivers to (SMTP_URL), writing every message to a file so tests
 * can follow the links that were e-mailed.
 */
export async function startMailSink(): Promise<() => Promise<void>> {
  rmSync(MAIL_SINK_DIR, { recursive: true, force: true })
  mkdirSync(MAIL_SINK_DIR, { recursive: true })
  let count = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address)
        count += 1
        writeFileSync(
          path.join(MAIL_SINK_DIR, `${Date.now()}-${count}.json`),
          JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }),
        )
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(MAIL_SINK_PORT, '127.0.0.1', resolve))
  return () => new Promise<void>((resolve) => server.close(() => resolve()))
}
