/**
 * The e-mails auth sends: their subject and text, nothing about when or how they are sent.
 * Subjects are fixed text: names and organisation names come from users, and a subject is what a
 * mail client shows before anyone opens the message, so it must not carry someone else's words.
 * Bodies are plain text (the outbox sends no HTML), where such text cannot become markup.
 */
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

export const INVITATION_SUBJECT = "You're invited to join a workspace on Dealcoach"

export function invitationEmail(input: {
  firstName: string
  inviter: { firstName: string; lastName: string }
  organisationName: string
  link: string
  expiresInHours: number
}): EmailText {
  const inviter = `${input.inviter.firstName} ${input.inviter.lastName}`
  return {
    subject: INVITATION_SUBJECT,
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

/** The link to choose a new password, to an account that has one (ASVS 2.5.1). */
export function passwordResetLinkEmail(input: {
  firstName: string
  link: string
  expiresInMinutes: number
}): EmailText {
  return {
    subject: 'Reset your Dealcoach password',
    textBody: [
      `Hello ${input.firstName},`,
      '',
      'Someone (probably you) asked to reset the password of your Dealcoach account.',
      'Open this link to choose a new password:',
      '',
      input.link,
      '',
      `The link works once and expires in ${input.expiresInMinutes} minutes.`,
      'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  }
}

/** To an address with no account, so that every reset request sends one e-mail (no enumeration). */
export function passwordResetNoAccountEmail(input: { appUrl: string }): EmailText {
  return {
    subject: 'Reset your Dealcoach password',
    textBody: [
      'Hello,',
      '',
      'Someone asked to reset the Dealcoach password of this e-mail address,',
      'but no Dealcoach account uses it. To create one, register here:',
      '',
      `${input.appUrl}/register`,
      '',
      'If this was not you, you can ignore this e-mail.',
    ].join('\n'),
  }
}

/** To an account that signs in only with Google or Microsoft: there is no password to reset. */
export function passwordResetSocialOnlyEmail(input: {
  firstName: string
  appUrl: string
}): EmailText {
  return {
    subject: 'Reset your Dealcoach password',
    textBody: [
      `Hello ${input.firstName},`,
      '',
      'Someone (probably you) asked to reset the password of your Dealcoach account.',
      'Your account signs in with Google or Microsoft and has no password. Sign in here:',
      '',
      `${input.appUrl}/login`,
      '',
      'If this was not you, you can ignore this e-mail.',
    ].join('\n'),
  }
}

/**
 * ASVS 2.2.3: after any change of the password. The subject is fixed: nothing the user typed goes
 * into it.
 */
export function passwordChangedEmail(input: { firstName: string; appUrl: string }): EmailText {
  return {
    subject: 'Your Dealcoach password was changed',
    textBody: [
      `Hello ${input.firstName},`,
      '',
      'The password of your Dealcoach account was just changed, and your other sessions were',
      'signed out.',
      '',
      'If this was not you, reset your password now and tell your administrator:',
      '',
      `${input.appUrl}/forgot-password`,
    ].join('\n'),
  }
}

/**
 * To an address that already has an account in another organisation, in place of an invitation:
 * the inviter is told "sent" either way (no cross-organisation enumeration), and an account
 * belongs to one organisation only.
 */
export function invitationRefusedEmail(input: { firstName: string; appUrl: string }): EmailText {
  return {
    subject: INVITATION_SUBJECT,
    textBody: [
      `Hello ${input.firstName},`,
      '',
      'Someone tried to invite this e-mail address to another workspace on Dealcoach.',
      'This address already has a Dealcoach account, and an account belongs to one workspace.',
      'To join the other workspace, ask them to invite a different e-mail address of yours.',
      '',
      `Your own workspace is unchanged. Sign in here: ${input.appUrl}/login`,
      '',
      'If you do not know what this is about, you can ignore this e-mail.',
    ].join('\n'),
  }
}

const PROVIDER_NAMES = { google: 'Google', microsoft: 'Microsoft' } as const

/** ASVS 2.2.3: tells the owner that a new way to sign in to their account was added. */
export function socialIdentityLinkedEmail(input: {
  firstName: string
  provider: keyof typeof PROVIDER_NAMES
  appUrl: string
}): EmailText {
  const provider = PROVIDER_NAMES[input.provider]
  return {
    subject: 'A sign-in method was added to your Dealcoach account',
    textBody: [
      `Hello ${input.firstName},`,
      '',
      `Signing in with ${provider} was just linked to your Dealcoach account.`,
      `From now on you can sign in with ${provider} as well as with your password.`,
      '',
      'If this was not you, change your password at once and tell your administrator:',
      `${input.appUrl}/settings`,
    ].join('\n'),
  }
}
