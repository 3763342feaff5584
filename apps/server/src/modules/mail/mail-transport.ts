import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

export interface MailMessage {
  from: string
  to: string
  subject: string
  text: string
}

/** How an e-mail leaves the system: 'sent' over SMTP, or 'logged' for a local install without SMTP. */
export interface MailTransport {
  deliver(message: MailMessage): Promise<'sent' | 'logged'>
}

export function createMailTransport(
  smtpUrl: string | undefined,
  log: FastifyBaseLogger,
): MailTransport {
  if (smtpUrl) {
    const smtp = nodemailer.createTransport(smtpUrl)
    return {
      deliver: async (message) => {
        await smtp.sendMail(message)
        return 'sent'
      },
    }
  }
  return {
    // Without SMTP a local user still has to be able to follow the links we send (e.g. join keys).
    // A warning: an e-mail that was not sent, printed at LOG_LEVEL=warn too, where an info line
    // left a local sign-up with no way to finish.
    deliver: (message) => {
      log.warn(
        { mail: message },
        `e-mail to ${message.to} (no SMTP_URL set, not sent): ${message.subject}`,
      )
      return Promise.resolve('logged')
    },
  }
}
