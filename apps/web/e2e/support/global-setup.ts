import { startHubspot } from './hubspot'
import { startIdentityProvider } from './identity-provider'
import { startMailSink } from './mail-sink'

/** Playwright global setup: the outside services the app talks to, run locally. */
export default async function globalSetup() {
  const stops = [await startMailSink(), await startIdentityProvider(), await startHubspot()]
  return async () => {
    for (const stop of stops) await stop()
  }
}
