// "01:02:03.456", "02:03.456" (WebVTT) or "01:02:03,456" (SRT) → milliseconds, or null.
export function parseTimestamp(value: string): number | null {
  const match = /^(?:(\d+):)?([0-5]\d):([0-5]\d)[.,](\d{3})$/.exec(value.trim())
  if (!match) return null
  const [, h, m, s, ms] = match
  return ((Number(h ?? 0) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms)
}
