/**
 * The built-in identity provider's mails. English for now: the notifications issue moves
 * every mail to translated templates in the recipient's language.
 */
export const idpMails = {
  confirmEmail: (input: { name: string; link: string; product: string }) => ({
    subject: `Confirm your email for the ${input.product}`,
    text: `Hello ${input.name},\n\nTo finish creating your account, open this link within 24 hours:\n\n${input.link}\n\nIf you did not ask for an account, you can ignore this mail.`,
  }),
  alreadyRegistered: (input: { signInLink: string; resetLink: string; product: string }) => ({
    subject: `You already have an account with the ${input.product}`,
    text: `Someone, perhaps you, tried to create an account with this email address, which already has one.\n\nSign in: ${input.signInLink}\nForgot your password? Reset it here: ${input.resetLink}\n\nIf this was not you, you can ignore this mail.`,
  }),
  resetPassword: (input: { name: string; link: string; product: string }) => ({
    subject: `Reset your password for the ${input.product}`,
    text: `Hello ${input.name},\n\nTo choose a new password, open this link within one hour:\n\n${input.link}\n\nIf you did not ask to reset your password, you can ignore this mail: your password stays as it is.`,
  }),
  passwordChanged: (input: { name: string; product: string }) => ({
    subject: `Your password for the ${input.product} was changed`,
    text: `Hello ${input.name},\n\nYour password was just changed. If this was not you, reset your password now and contact us.`,
  }),
};
