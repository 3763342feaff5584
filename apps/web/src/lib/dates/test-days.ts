// Test helper: every expectation is built with the local-time Date constructor, so the date
// suites pass in any TZ (try TZ=Pacific/Kiritimati or TZ=America/Los_Angeles).

/** Local midnight of a yyyy-MM-dd calendar date, built without the modules under test. */
export function day(iso: string, hours = 0, minutes = 0, seconds = 0, ms = 0): Date {
  const [y, m, d] = iso.split('-').map(Number)
  return new Date(y ?? NaN, (m ?? NaN) - 1, d ?? NaN, hours, minutes, seconds, ms)
}

/** The last millisecond of a yyyy-MM-dd calendar date, local time. */
export const endOf = (iso: string): Date => day(iso, 23, 59, 59, 999)
