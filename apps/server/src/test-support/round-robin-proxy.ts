import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RoundRobinProxy {
  url: string
  /** How many requests each upstream was sent, in the order the upstreams were given. */
  served(): number[]
  close(): Promise<void>
}

/**
 * A load balancer of a few lines for the scale-out test: each request goes, whole and streamed, to
 * the next upstream in turn, with `X-Forwarded-For` added as a real one would (the servers trust
 * one hop). An upstream that cannot be reached answers 502, which the test counts as a failure.
 */
export async function startRoundRobinProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  const served = upstreams.map(() => 0)
  let next = 0
  // Keep-alive towards the servers, as a load balancer's pool would.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 })
  const server = http.createServer((request, response) => {
    const index = next
    next = (next + 1) % upstreams.length
    served[index] = (served[index] ?? 0) + 1
    const target = new URL(request.url ?? '/', upstreams[index])
    const forwarded = request.headers['x-forwarded-for']
    const upstream = http.request(
      target,
      {
        method: request.method,
        agent,
        headers: {
          ...request.headers,
          'x-forwarded-for': [forwarded, request.socket.remoteAddress].filter(Boolean).join(', '),
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502).end()
      else response.destroy()
    })
    request.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    served: () => [...served],
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      agent.destroy()
    },
  }
}
