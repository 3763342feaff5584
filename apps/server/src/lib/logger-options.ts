import type { FastifyServerOptions } from 'fastify'
import type { AppConfig } from '../config.js'

/** pino's options for the server and the worker: secrets and join keys never reach the logs. */
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

/** Join keys travel in the URL path; they must never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/^\/(register|complete_registration)\/[^/?#]+/, '/$1/[redacted]')
}
