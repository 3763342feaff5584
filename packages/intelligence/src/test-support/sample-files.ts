// Transcript and e-mail files in the shapes real tools export them (Zoom/Teams WebVTT,
// SubRip from recorders, Gmail/Outlook .eml), for the parser tests.
export const ZOOM_VTT = `WEBVTT

1
00:00:01.120 --> 00:00:04.560
<v Maya Chen>Hi Tom, thanks for making time.</v>

2
00:00:04.900 --> 00:00:07.200
<v Maya Chen>How is payroll run today?</v>

3
00:00:07.800 --> 00:00:12.010
<v Tom Ruiz>Honestly it is a very large spreadsheet &amp; a lot of <i>manual</i> work.</v>

NOTE this note is skipped

00:12.500 --> 00:15.000 align:start position:10%
Maya Chen: Got it.
`

export const TEAMS_SRT = `1
00:00:01,000 --> 00:00:03,500
Maya Chen: Thanks for joining, everyone.

2
00:00:03,900 --> 00:00:06,000
[Tom Ruiz] The price is too high for us.

3
00:00:06,200 --> 00:00:08,000
We pay half that today.

4
00:00:08,500 --> 00:00:10,000
Maya Chen: Fair, can I ask what is included?
`

export const PLAIN_TRANSCRIPT = `[00:00:05] Maya Chen: Thanks for joining.
[00:00:09] Tom Ruiz: Sure. We have nine locations
and two states.
Maya Chen (00:20): How do you run payroll today?
`

export const GMAIL_EML = [
  'Return-Path: <tom@harborvine.example>',
  'From: "Tom Ruiz" <tom@harborvine.example>',
  'To: Maya Chen <maya@payledger.example>',
  'Subject: =?UTF-8?Q?Re:_PayLedger_pricing_=E2=80=93_next_steps?=',
  'Date: Tue, 10 Mar 2026 09:14:00 -0700',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative; boundary="000000000000abc"',
  '',
  '--000000000000abc',
  'Content-Type: text/plain; charset="UTF-8"',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Hi Maya,',
  '',
  'Dana looked at the number. She thinks it is too expensive compared to what w=',
  'e pay Paytrak =E2=80=93 can you send the one-pager?',
  '',
  'Thanks,',
  'Tom',
  '',
  '--',
  'Tom Ruiz | Operations Director',
  '',
  'On Mon, Mar 9, 2026 at 4:02 PM Maya Chen <maya@payledger.example> wrote:',
  '> Hi Tom, attached is the pricing.',
  '',
  '--000000000000abc',
  'Content-Type: text/html; charset="UTF-8"',
  '',
  '<div>Hi Maya,</div>',
  '--000000000000abc--',
  '',
].join('\r\n')

export const OUTLOOK_EML = [
  'From: Maya Chen <maya@payledger.example>',
  'To: tom@harborvine.example',
  'Subject: Proposal',
  'Date: Wed, 11 Mar 2026 10:00:00 +0000',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from(
    'Hi Tom,\n\nAttached is the proposal.\n\n-----Original Message-----\nFrom: Tom\nOld text',
  ).toString('base64'),
  '',
].join('\n')
