/** The e-mails auth sends: their subject and text, nothing about when or how they are sent. */
export interface EmailText {
  subject: string
  textBody: string
}

/** To an address that asked to register but already has an account (no enumeration). */
export function accountExistsEmail(input: { firstName: string; appUrl: string }): EmailText {
  return {
    subject: 'You already have a Dealcoach account',
    textBody: [
      `Hello ${input.firstName},`,
      '',
      'Someone (probably you) asked to register this e-mail address with Dealcoach,',
      'but it already has an account. Sign in here:',
      '',
      `${input.appUrl}/login`,
      '',
      'If this was not you, you can ignore this e-mail.',
    ].join('\n'),
  }
}

export function registrationLinkEmail(input: {
  firstName: string
  link: string
  expiresInHours: number
}): EmailText {
  return {
    subject: 'Finish your Dealcoach registration',
    textBody: [
      `Hello ${input.firstName},`,
      '',
      'Open this link to choose your password and finish your registration:',
      '',
      input.link,
      '',
      `The link works once and expires in ${input.expiresInHours} hours.`,
      'If you did not ask for this, you can ignore this e-mail.',
    ].join('\n'),
  }
}

export function invitationEmail(input: {
  firstName: string
  inviter: { firstName: string; lastName: string }
  organisationName: string
  link: string
  expiresInHours: number
}): EmailText {
  const inviter = `${input.inviter.firstName} ${input.inviter.lastName}`
  return {
    subject: `${inviter} invited you to ${input.organisationName} on Dealcoach`,
    textBody: [
      `Hello ${input.firstName},`,
      '',
      `${inviter} invited you to join ${input.organisationName} on Dealcoach.`,
      'Open this link to choose your password and join:',
      '',
      input.link,
      '',
      `The link works once and expires in ${input.expiresInHours} hours.`,
    ].join('\n'),
  }
}
