import type { FastifyServerOptions } from 'fastify'
import type { AppConfig } from '../config.js'

/** pino's options (server and worker): secrets, join keys and reset tokens stay out of the logs. */
export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.access_token',
        '*.joinkey',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  }
}

/** Join keys and password-reset tokens travel in the URL path; they must never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(
    /^\/(register|complete_registration|reset-password)\/[^/?#]+/,
    '/$1/[redacted]',
  )
}
