import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose'

export const IDP_PORT = 2527
export const GOOGLE_CLIENT_ID = 'e2e-google-client.apps.googleusercontent.com'
const KEY_FILE = path.resolve('.tmp/e2e-idp/private-key.json')
const KEY_ID = 'e2e-key'

/**
 * Stands in for Google's key server: the app verifies ID tokens against these keys
 * (GOOGLE_JWKS_URL), and tests sign tokens with the private half.
 */
export async function startIdentityProvider(): Promise<() => Promise<void>> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true })
  mkdirSync(path.dirname(KEY_FILE), { recursive: true })
  writeFileSync(KEY_FILE, JSON.stringify(await exportJWK(privateKey)))
  const jwks = JSON.stringify({
    keys: [{ ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' }],
  })
  const server = createServer((request, response) => {
    response.writeHead(request.url === '/jwks' ? 200 : 404, { 'content-type': 'application/json' })
    response.end(request.url === '/jwks' ? jwks : '{}')
  })
  await new Promise<void>((resolve) => server.listen(IDP_PORT, '127.0.0.1', resolve))
  return () => new Promise<void>((resolve) => server.close(() => resolve()))
}

/** An ID token as Google would issue it for this app. */
export async function signGoogleIdToken(claims: {
  sub: string
  email: string
  nonce: string
  name: string
}) {
  const key = await importJWK(JSON.parse(readFileSync(KEY_FILE, 'utf8')) as JWK, 'RS256')
  const [givenName, ...familyName] = claims.name.split(' ')
  return new SignJWT({
    email: claims.email,
    email_verified: true,
    nonce: claims.nonce,
    given_name: givenName,
    family_name: familyName.join(' '),
    name: claims.name,
  })
    .setProtectedHeader({ alg: 'RS256', kid: KEY_ID })
    .setIssuer('https://accounts.google.com')
    .setAudience(GOOGLE_CLIENT_ID)
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(key)
}
