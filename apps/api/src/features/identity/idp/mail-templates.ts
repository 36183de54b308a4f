import type { Labels } from '../../application/pdf/labels';

/**
 * The built-in identity provider's mails, in the language of the labels given: the account's
 * language once its holder chose one in the portal, else the language of the page that asked
 * (Accept-Language). Texts are the portal's translations, under `idpMail`.
 */
export const idpMails = (labels: Labels) => {
  const mail = (name: string, values: Record<string, string>) => ({
    subject: labels.t(`idpMail.${name}.subject`, values),
    text: labels.t(`idpMail.${name}.text`, values),
  });
  return {
    confirmEmail: (input: { name: string; link: string; product: string }) => mail('confirmEmail', input),
    alreadyRegistered: (input: { signInLink: string; resetLink: string; product: string }) =>
      mail('alreadyRegistered', input),
    resetPassword: (input: { name: string; link: string; product: string }) => mail('resetPassword', input),
    passwordChanged: (input: { name: string; product: string }) => mail('passwordChanged', input),
  };
};
