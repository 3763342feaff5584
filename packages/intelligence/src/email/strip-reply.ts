// Removes what the sender did not write in this message: the quoted earlier thread and the
// signature. Cut points are the usual client markers, so nothing is guessed from content.
const REPLY_HEADER = [
  /^On .{4,200}wrote:\s*$/,
  // Outlook's separator, in the languages its clients are most often set to.
  /^-{2,}\s*(?:Original Message|Ursprüngliche Nachricht|Message d'origine|Mensaje original|Messaggio originale|Mensagem original|Oorspronkelijk bericht|Originalmeddelande|Original meddelelse|Opprinnelig melding)\s*-{2,}\s*$/i,
  /^-{2,}\s*Forwarded message\s*-{2,}\s*$/i,
  /^From:\s.+$/,
  /^_{10,}\s*$/,
  /^Am .{4,200}schrieb .*:\s*$/,
  /^Le .{4,200}a écrit\s*:\s*$/,
]
const SIGNATURE = [/^--\s?$/, /^Sent from my \w+/i, /^Get Outlook for /i]

export function stripReply(body: string): string {
  const lines = body.split(/\r\n|\r|\n/)
  const kept: string[] = []
  for (const line of lines) {
    const trimmed = line.trim()
    if (REPLY_HEADER.some((p) => p.test(trimmed)) || SIGNATURE.some((p) => p.test(line))) break
    if (trimmed.startsWith('>')) continue
    kept.push(line)
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
