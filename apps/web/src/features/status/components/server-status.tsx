import { useHealth } from '../api/get-health'

/** Shows whether the API answers, proving the web app ↔ server wiring end to end. */
export function ServerStatus() {
  const health = useHealth()

  return (
    <section
      aria-labelledby="server-status-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="server-status-title" className="text-lg font-semibold text-slate-900">
        Service status
      </h2>
      <p role="status" className="mt-2 text-slate-700">
        {health.isPending && 'Checking the server…'}
        {health.isError && `The server cannot be reached: ${health.error.message}`}
        {health.isSuccess && `The server is up (version ${health.data.version}).`}
      </p>
    </section>
  )
}
