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
/**
 * Outlook's quoted header without its separator line, as newer clients write it: "From:" (or
 * the sender label in the client's language) with the sent date on the next line. The other
 * languages' labels are common words ("De:", "Da:"), so only the pair of lines counts.
 */
const LOCAL_FROM = /^(?:Von|De|Da|Van|Från|Fra|Od|Lähettäjä):\s.+$/
const LOCAL_SENT =
  /^(?:Gesendet|Envoyé|Enviado|Enviada|Inviato|Verzonden|Skickat|Sendt|Wysłano|Lähetetty|Date|Datum|Data|Fecha):\s.+$/

function opensLocalReplyHeader(lines: readonly string[], index: number): boolean {
  if (!LOCAL_FROM.test(lines[index]?.trim() ?? '')) return false
  return LOCAL_SENT.test(lines[index + 1]?.trim() ?? '')
}

const SIGNATURE = [/^--\s?$/, /^Sent from my \w+/i, /^Get Outlook for /i]
// A closing alone on its line ("Best regards,"), in the languages of the separators above.
const CLOSING =
  /^(?:(?:best|kind|warm|many thanks and|with best)\s+regards|regards|best(?:\s+wishes)?|all the best|cheers|thanks|thank you|many thanks|sincerely|yours sincerely|(?:mit )?(?:freundlichen|beste|viele|liebe) grüße|cordialement|bien à vous|(?:un )?saludos?(?: cordiales)?|atentamente|cordiali saluti|met vriendelijke groet(?:en)?)\s*[,.!]?$/i
// What may follow a closing for it to end the message: the sender's name, title and company.
const SIGN_OFF_MAX_LINES = 4
const SIGN_OFF_MAX_LENGTH = 80
const SIGN_OFF_MAX_WORDS = 8
// A line ending as a sentence ends is something the sender said, not their name or title.
const SENTENCE_END = /[.?!:;]$/

/** A line of a name-and-title block: short, few words, not ended as a sentence. */
function isSignatureLine(line: string): boolean {
  const text = line.trim()
  return (
    text.length <= SIGN_OFF_MAX_LENGTH &&
    text.split(/\s+/).length <= SIGN_OFF_MAX_WORDS &&
    !SENTENCE_END.test(text)
  )
}

/**
 * Where the sign-off starts: a closing followed by no more than a short name-and-title block.
 * A closing with what the sender says after it ("Thanks,\nWe will sign on Friday.") is a greeting
 * or an aside, and the message goes on.
 */
function signOffStart(lines: readonly string[]): number {
  for (let index = lines.length - 1; index >= 0; index--) {
    if (!CLOSING.test(lines[index]?.trim() ?? '')) continue
    const after = lines.slice(index + 1).filter((line) => line.trim() !== '')
    return after.length <= SIGN_OFF_MAX_LINES && after.every(isSignatureLine) ? index : lines.length
  }
  return lines.length
}

export function stripReply(body: string): string {
  const lines = body.split(/\r\n|\r|\n/)
  const kept: string[] = []
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim()
    if (REPLY_HEADER.some((p) => p.test(trimmed)) || SIGNATURE.some((p) => p.test(line))) break
    if (opensLocalReplyHeader(lines, index)) break
    if (trimmed.startsWith('>')) continue
    kept.push(line)
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/**
 * The sentences of an e-mail the engine reads: the stored body (what the sender wrote, as shown
 * to users) without its sign-off, which would otherwise be read as a sentence ("Best regards,
 * Dana Lee, Head of Operations") and could be quoted as evidence.
 */
export function emailText(body: string): string {
  return emailParts(body).text
}

/** An e-mail as the engine reads it: its text without the sign-off, and whether it had one. */
export function emailParts(body: string): { text: string; signedOff: boolean } {
  const lines = stripReply(body).split('\n')
  const end = signOffStart(lines)
  return { text: lines.slice(0, end).join('\n').trim(), signedOff: end < lines.length }
}
